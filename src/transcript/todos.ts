// The todo list a Claude script expects in ~/.claude/todos/{session_id}-agent-{session_id}.json, kept
// from the host's own todo tool calls: Qwen Code's todo_write (the whole list each time) and CodeBuddy
// Code's TaskCreate/TaskUpdate (one task each time, in the result's `task`).
// Item format: the Qwen ⇄ Claude integration spec (DESIGN.md seed 002) names {id, content, status,
// created_at, completed_at}; Claude Code's own TodoWrite items are {content, status, activeForm}. Each
// item carries both, so a validator written against either finds its fields.
import { isObject } from '../model/is-object.js';
import { scalarString } from '../model/strings.js';

export interface TodoItem {
  id: string;
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  activeForm: string;
  created_at: string;
  completed_at: string | null;
}

export interface TodoState {
  items: TodoItem[];
  /** Set when items changed since the todo file was last written. */
  changed: boolean;
}

const STATUSES = new Set(['pending', 'in_progress', 'completed']);

function item(
  prev: TodoItem | undefined,
  id: string,
  content: string,
  status: unknown,
  activeForm: string | undefined,
  at: string,
): TodoItem {
  const s = (STATUSES.has(status as string) ? status : 'pending') as TodoItem['status'];
  const completedAt = s === 'completed' ? (prev?.completed_at ?? at) : null;
  return {
    id,
    content,
    status: s,
    activeForm: activeForm ?? prev?.activeForm ?? content,
    created_at: prev?.created_at ?? at,
    completed_at: completedAt,
  };
}

/** A whole new list (todo_write / TodoWrite input.todos); items keep their created_at across writes. */
export function setTodos(state: TodoState, todos: unknown[], at: string): void {
  const before = new Map(state.items.map((t) => [t.id, t]));
  state.items = todos.filter(isObject).map((t, i) => {
    const id = scalarString(t.id) ?? String(i + 1);
    return item(before.get(id), id, scalarString(t.content) ?? '', t.status, scalarString(t.activeForm), at);
  });
  state.changed = true;
}

/** One task created or updated (CodeBuddy's TaskCreate/TaskUpdate result `task`); status deleted removes it. */
export function upsertTask(state: TodoState, task: Record<string, unknown>, at: string): void {
  const id = scalarString(task.id);
  if (id === undefined) return;
  const i = state.items.findIndex((t) => t.id === id);
  if (task.status === 'deleted') {
    if (i >= 0) state.items.splice(i, 1);
  } else {
    const prev = i >= 0 ? state.items[i] : undefined;
    const next = item(
      prev,
      id,
      scalarString(task.subject) ?? scalarString(task.content) ?? prev?.content ?? '',
      task.status ?? prev?.status,
      scalarString(task.activeForm),
      at,
    );
    if (i >= 0) state.items[i] = next;
    else state.items.push(next);
  }
  state.changed = true;
}

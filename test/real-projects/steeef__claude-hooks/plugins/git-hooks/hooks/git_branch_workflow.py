#!/usr/bin/env python3
"""
Git branch workflow enforcement hook.

Enforces branch-based development workflow:
- Block commits on main/master (must create Jira-prefixed branch)
- Block git stash store operations (can bypass workflow)
- Ask for Jira issue when creating branch without prefix
- Validate branch names have Jira prefix (PROJ-123 pattern)
"""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

# Jira issue pattern: uppercase letters followed by dash and numbers (e.g., PROJ-123)
JIRA_PATTERN = re.compile(r'^[A-Z]+-\d+')


CONFIG_PATH = Path(os.path.expanduser('~/.config/claude-hooks/config.json'))


def load_config() -> dict:
    """Load config from ~/.config/claude-hooks/config.json."""
    try:
        with open(CONFIG_PATH) as f:
            return json.load(f)
    except Exception:
        return {}


def get_repo_root(cwd: str | None = None) -> str | None:
    """Get the git repository root directory."""
    try:
        result = subprocess.run(
            ['git', 'rev-parse', '--show-toplevel'],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=cwd,
        )
        if result.returncode == 0:
            return os.path.realpath(result.stdout.strip())
    except Exception:
        pass
    return None


def is_repo_allowlisted(cwd: str | None = None) -> bool:
    """Check if the current repo is in the protected branch allowlist."""
    repo_root = get_repo_root(cwd)
    if repo_root is None:
        return False
    config = load_config()
    allowlist = config.get('protected_branch_allowlist', [])
    for entry in allowlist:
        expanded = os.path.realpath(os.path.expanduser(entry))
        if repo_root == expanded:
            return True
    return False


# Protected branches that should not have direct commits
PROTECTED_BRANCHES = {'main', 'master'}

# Stash subcommands that store changes (warn about these)
STASH_STORE_SUBCOMMANDS = {'push', 'save', ''}  # empty string = bare 'git stash'

# Stash subcommands that retrieve/manage (allow these)
STASH_RETRIEVE_SUBCOMMANDS = {'pop', 'apply', 'list', 'drop', 'clear', 'show', 'branch'}


def get_current_branch(cwd: str | None = None) -> str | None:
    """Get current git branch name, optionally in a specific directory."""
    try:
        result = subprocess.run(
            ['git', 'rev-parse', '--abbrev-ref', 'HEAD'],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=cwd,
        )
        if result.returncode == 0:
            return result.stdout.strip()
    except Exception:
        pass
    return None


def extract_cd_target(command: str) -> str | None:
    """
    Extract the target directory from a cd command.
    Returns expanded path or None if not a cd command.
    """
    import os

    try:
        parts = shlex.split(command)
        if parts and parts[0] == 'cd' and len(parts) >= 2:
            target = parts[1]
            # Expand ~ to home directory
            return os.path.expanduser(target)
    except Exception:
        pass
    return None


def normalize_git_command(command: str) -> tuple[str, str | None]:
    """
    Normalize a git command by extracting directory-changing options.

    Git has several flags that affect the working directory:
    - `-C <path>`: Run as if git was started in <path>
    - `--git-dir=<path>`: Set the path to the repository
    - `--work-tree=<path>`: Set the path to the working tree

    This function extracts these paths and returns a normalized command
    without these flags, along with the effective working directory.

    Priority (last one wins within same flag type):
    - -C takes precedence for determining cwd
    - --work-tree is used if no -C
    - --git-dir alone is less useful but still extracted

    Examples:
        'git -C /path commit -m "msg"' -> ('git commit -m "msg"', '/path')
        'git --work-tree=/path commit' -> ('git commit', '/path')
        'git commit -m "msg"' -> ('git commit -m "msg"', None)

    Returns:
        (normalized_command, cwd_path) where cwd_path is the effective directory
    """
    import os

    try:
        parts = shlex.split(command)
        if len(parts) < 2 or parts[0] != 'git':
            return (command, None)

        # Track different path types (last one wins for each type)
        c_path = None
        work_tree_path = None
        git_dir_path = None

        new_parts = [parts[0]]  # Start with 'git'
        i = 1
        while i < len(parts):
            # Handle -C <path> (with space)
            if parts[i] == '-C' and i + 1 < len(parts):
                c_path = os.path.expanduser(parts[i + 1])
                i += 2
            # Handle -C<path> (no space)
            elif parts[i].startswith('-C') and len(parts[i]) > 2:
                c_path = os.path.expanduser(parts[i][2:])
                i += 1
            # Handle --work-tree=<path>
            elif parts[i].startswith('--work-tree='):
                work_tree_path = os.path.expanduser(parts[i].split('=', 1)[1])
                i += 1
            # Handle --work-tree <path> (with space)
            elif parts[i] == '--work-tree' and i + 1 < len(parts):
                work_tree_path = os.path.expanduser(parts[i + 1])
                i += 2
            # Handle --git-dir=<path>
            elif parts[i].startswith('--git-dir='):
                git_dir_path = os.path.expanduser(parts[i].split('=', 1)[1])
                i += 1
            # Handle --git-dir <path> (with space)
            elif parts[i] == '--git-dir' and i + 1 < len(parts):
                git_dir_path = os.path.expanduser(parts[i + 1])
                i += 2
            else:
                new_parts.append(parts[i])
                i += 1

        # Determine effective cwd: -C > --work-tree > --git-dir
        effective_cwd = c_path or work_tree_path or git_dir_path

        # Reconstruct command without directory flags
        normalized = shlex.join(new_parts)
        return (normalized, effective_cwd)
    except Exception:
        return (command, None)


def extract_subcommands(command: str) -> list[str]:
    """Split compound commands on &&, ||, and ;"""
    subcommands = re.split(r'\s*(?:&&|\|\||;)\s*', command)
    return [cmd.strip() for cmd in subcommands if cmd.strip()]


def extract_new_branch_name(command: str) -> str | None:
    """
    Extract branch name from branch creation commands.
    Supports: git checkout -b <branch>, git switch -c <branch>
    Returns None if not a branch creation command.
    """
    try:
        parts = shlex.split(command)
        if len(parts) < 4:
            return None

        # git checkout -b <branch> [start-point]
        if parts[0] == 'git' and parts[1] == 'checkout' and '-b' in parts:
            idx = parts.index('-b')
            if idx + 1 < len(parts):
                return parts[idx + 1]

        # git switch -c <branch> [start-point] or git switch --create <branch>
        if parts[0] == 'git' and parts[1] == 'switch':
            if '-c' in parts:
                idx = parts.index('-c')
                if idx + 1 < len(parts):
                    return parts[idx + 1]
            if '--create' in parts:
                idx = parts.index('--create')
                if idx + 1 < len(parts):
                    return parts[idx + 1]

    except Exception:
        pass
    return None


def _check_single_subcommand(subcmd: str, cwd: str | None = None) -> tuple[str, str | None]:
    """
    Check a single subcommand for git workflow rules.
    Returns (decision, reason) where decision is "allow", "ask", or "block".
    """
    # Extract -C path from git command and normalize
    normalized_cmd, git_c_path = normalize_git_command(subcmd.strip())
    normalized = normalized_cmd.lower()

    # Use -C path if provided, otherwise fall back to passed cwd
    effective_cwd = git_c_path or cwd

    # Check for git commit
    if normalized.startswith('git commit'):
        branch = get_current_branch(cwd=effective_cwd)
        if branch is None:
            # Can't determine branch, allow and let git handle it
            return ('allow', None)

        if branch in PROTECTED_BRANCHES:
            if is_repo_allowlisted(effective_cwd):
                return ('ask', 'Git commit requires your approval.')

            reason = f"""COMMIT ON PROTECTED BRANCH BLOCKED

Cannot commit directly to '{branch}'.

Required workflow:
1. Create a feature branch with Jira prefix: git checkout -b PROJ-123-description
2. Make your changes and commit there
3. Create a PR to merge back"""
            return ('block', reason)

        # Check if branch has Jira prefix
        if not JIRA_PATTERN.match(branch):
            reason = f"""BRANCH MISSING JIRA PREFIX

Current branch: {branch}

Branch names should start with a Jira issue (e.g., ORG-123-feature-description).

This helps track work back to tickets. Continue with this branch name?"""
            return ('ask', reason)

        # Branch is properly named, still ask for commit approval
        return ('ask', 'Git commit requires your approval.')

    # Check for git stash
    if normalized.startswith('git stash'):
        try:
            parts = shlex.split(subcmd)
            # Get stash subcommand (or empty string for bare 'git stash')
            stash_subcmd = parts[2] if len(parts) > 2 else ''

            if stash_subcmd in STASH_RETRIEVE_SUBCOMMANDS:
                # Allow retrieval operations
                return ('allow', None)

            if stash_subcmd in STASH_STORE_SUBCOMMANDS or stash_subcmd.startswith('-'):
                reason = """GIT STASH BLOCKED

git stash bypasses the branch workflow by hiding uncommitted changes.

Required workflow:
1. Create a feature branch: git checkout -b PROJ-123-wip
2. Commit your work-in-progress there"""
                return ('block', reason)

        except Exception:
            pass

    # Check for branch creation without Jira prefix
    new_branch = extract_new_branch_name(subcmd)
    if new_branch and not JIRA_PATTERN.match(new_branch):
        reason = f"""BRANCH MISSING JIRA PREFIX

Proposed branch: {new_branch}

Branch names should start with a Jira issue (e.g., ORG-123-{new_branch}).

What's the Jira issue for this work? Or continue with this name?"""
        return ('ask', reason)

    return ('allow', None)


def check_git_branch_workflow(command: str) -> tuple[str, str | None]:
    """
    Check if git command should prompt for branch workflow.
    Returns (decision, reason) where decision is "allow", "ask", or "block".

    Checks ALL subcommands in compound commands and applies priority:
    block > ask > allow

    Tracks working directory context from cd commands to correctly
    determine branch in worktrees.
    """
    block_reasons = []
    ask_reasons = []
    current_cwd = None  # Track working directory from cd commands

    for subcmd in extract_subcommands(command):
        # Check if this is a cd command and update context
        cd_target = extract_cd_target(subcmd)
        if cd_target:
            current_cwd = cd_target
            continue  # cd itself doesn't need workflow checks

        decision, reason = _check_single_subcommand(subcmd, cwd=current_cwd)
        if decision == 'block':
            block_reasons.append(reason)
        elif decision == 'ask':
            ask_reasons.append(reason)

    # Priority: block > ask > allow
    if block_reasons:
        # Return first block reason (could combine if multiple)
        return ('block', block_reasons[0])
    elif ask_reasons:
        # Return first ask reason
        return ('ask', ask_reasons[0])

    return ('allow', None)


def main():
    data = json.load(sys.stdin)

    # Check if this is a Bash tool call
    tool_name = data.get('tool_name')
    if tool_name != 'Bash':
        print(json.dumps({'decision': 'approve'}))
        sys.exit(0)

    # Get the command being executed
    command = data.get('tool_input', {}).get('command', '')

    decision, reason = check_git_branch_workflow(command)

    if decision == 'block':
        print(
            json.dumps(
                {
                    'hookSpecificOutput': {
                        'hookEventName': 'PreToolUse',
                        'permissionDecision': 'deny',
                        'permissionDecisionReason': reason,
                    }
                },
                ensure_ascii=False,
            )
        )
    elif decision == 'ask':
        print(
            json.dumps(
                {
                    'hookSpecificOutput': {
                        'hookEventName': 'PreToolUse',
                        'permissionDecision': 'ask',
                        'permissionDecisionReason': reason,
                    }
                },
                ensure_ascii=False,
            )
        )
    else:
        print(json.dumps({'decision': 'approve'}))

    sys.exit(0)


if __name__ == '__main__':
    main()

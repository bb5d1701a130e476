/* SPDX-License-Identifier: Apache-2.0 */
/* simt-board-sim: a simulated board on a pseudo-terminal, for the host checker without a board.
 *
 *   simt-board-sim MODEL [options] -- COMMAND ARGS...
 *
 * runs the Verilated unit server hosting MODEL (fpga/rtl/simt_srv.sv, the UART at bit level),
 * connects its receive and transmit lines to a new pseudo-terminal, runs COMMAND with every
 * argument "@PTY" replaced by the terminal's path (e.g. simtcheck UNIT --board @PTY), and exits
 * with COMMAND's status once it ends. The host side is the very code that opens /dev/ttyUSB0.
 * The board is clocked only while a byte is on a line or the server is busy; otherwise the
 * simulation sleeps until the host writes.
 *
 * Options (docs/fpga.md):
 *   --wave FILE          FST waveform of the whole server
 *   --framing-error N    send the host's N-th byte (from 1) with a 0 stop bit
 *   --replace-byte N:V   send value V instead of the host's N-th byte
 *   --mute-after N       after the host's N-th byte, the board's replies are lost
 *   --list               the simulated models */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "srv_sim.h"

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "simt-board-sim: error: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(3);
}

static uint64_t num(const char *opt, const char *s)
{
    char *e;
    if (!s || *s == '-' || !*s)
        die("option needs a number", opt);
    errno = 0;
    uint64_t v = strtoull(s, &e, 0);
    if (errno || *e)
        die("not a number", s);
    return v;
}

int main(int argc, char **argv)
{
    const char *wave = NULL;
    uint64_t ferr_at = 0, repl_at = 0, mute_after = 0;
    unsigned repl_val = 0;
    int i = 1;
    if (argc > 1 && !strcmp(argv[1], "--list")) {
        for (int k = 0; srv_sims[k]; k++)
            printf("%s\n", srv_sims[k]->model);
        return 0;
    }
    if (argc < 2 || argv[1][0] == '-')
        die("usage: simt-board-sim MODEL [--wave F] [--framing-error N] [--replace-byte N:V] "
            "[--mute-after N] -- COMMAND ARGS... (--list: the models)", NULL);
    const srv_sim_ops *ops = NULL;
    for (int k = 0; srv_sims[k]; k++)
        if (!strcmp(srv_sims[k]->model, argv[1]))
            ops = srv_sims[k];
    if (!ops)
        die("no simulated board hosts this model (simt-board-sim --list)", argv[1]);
    for (i = 2; i < argc && strcmp(argv[i], "--"); i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--wave") && v) wave = v, i++;
        else if (!strcmp(argv[i], "--framing-error")) ferr_at = num(argv[i], v), i++;
        else if (!strcmp(argv[i], "--mute-after")) mute_after = num(argv[i], v), i++;
        else if (!strcmp(argv[i], "--replace-byte") && v && strchr(v, ':')) {
            char tmp[64];
            snprintf(tmp, sizeof tmp, "%s", v);
            char *c = strchr(tmp, ':');
            *c = 0;
            repl_at = num(argv[i], tmp);
            repl_val = (unsigned)num(argv[i], c + 1) & 0xff;
            i++;
        } else
            die("unknown option (or one without its value)", argv[i]);
    }
    if (i + 1 >= argc)
        die("no command after --", NULL);

    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) || unlockpt(master))
        die("cannot create a pseudo-terminal", strerror(errno));
    const char *slave = ptsname(master);
    if (!slave)
        die("ptsname", strerror(errno));
    char slave_path[256];
    snprintf(slave_path, sizeof slave_path, "%s", slave);
    /* Keep one descriptor on the slave side open (raw), so the host may close and reopen it. */
    int keep = open(slave_path, O_RDWR | O_NOCTTY);
    struct termios t;
    if (keep < 0 || tcgetattr(keep, &t))
        die("cannot open the pseudo-terminal", slave_path);
    cfmakeraw(&t);
    tcsetattr(keep, TCSANOW, &t);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);

    char **cmd = &argv[i + 1];
    for (char **a = cmd; *a; a++)
        if (!strcmp(*a, "@PTY"))
            *a = slave_path;
    fflush(stdout);
    pid_t child = fork();
    if (child < 0)
        die("fork", strerror(errno));
    if (child == 0) {
        close(master);
        close(keep);
        execvp(cmd[0], cmd);
        fprintf(stderr, "simt-board-sim: error: cannot run %s: %s\n", cmd[0], strerror(errno));
        _exit(127);
    }

    void *s = ops->create();
    if (wave && ops->wave_open(s, wave))
        die("cannot write the waveform", wave);
    const unsigned cpb = ops->clks_per_bit;
    /* host -> board: a byte queue and the frame on the line */
    static uint8_t q[1 << 16];
    size_t qh = 0, qt = 0;
    unsigned frame = 0, fbits = 0, fcnt = 0; /* bits still to drive, LSB first */
    uint64_t host_bytes = 0;
    int rx = 1;
    /* board -> host: a decoder sampling mid-bit */
    int rstate = 0, prev_tx = 1;
    unsigned rcnt = 0, rbit = 0, rbyte = 0;
    uint8_t out[4096];
    size_t on = 0;
    uint64_t quiet = 0, cycles = 0;
    int status = -1;

    for (;;) {
        const int busy = fbits || rstate || qh != qt || !ops->idle(s) || quiet < 12u * cpb;
        if (!busy || (cycles & 1023) == 0) {
            int w;
            pid_t r = waitpid(child, &w, WNOHANG);
            if (r == child) {
                status = WIFEXITED(w) ? WEXITSTATUS(w) : 128 + WTERMSIG(w);
                break;
            }
            struct pollfd pf = {master, POLLIN, 0};
            if (poll(&pf, 1, busy ? 0 : 50) > 0 && (pf.revents & POLLIN) && qt - qh < sizeof q / 2) {
                uint8_t buf[4096];
                ssize_t n = read(master, buf, sizeof buf);
                for (ssize_t k = 0; k < n; k++)
                    q[qt++ % sizeof q] = buf[k];
            }
            if (!busy && qh == qt)
                continue;
        }
        /* next frame onto the receive line */
        if (!fbits && qh != qt) {
            unsigned b = q[qh++ % sizeof q];
            host_bytes++;
            if (repl_at && host_bytes == repl_at)
                b = repl_val;
            const unsigned stop = (ferr_at && host_bytes == ferr_at) ? 0u : 1u;
            frame = (b << 1) | (stop << 9) | (1u << 10); /* start, data, stop, one idle bit */
            fbits = 11;
            fcnt = 0;
        }
        if (fbits) {
            rx = frame & 1;
            if (++fcnt == cpb) {
                fcnt = 0;
                frame >>= 1;
                fbits--;
            }
        } else {
            rx = 1;
        }
        const int tx = ops->tick(s, rx);

        cycles++;
        /* cycles with nothing on either line and the server waiting: after 12 bit times of
           them, a reply that was to start would have started */
        quiet = (fbits || rstate || tx == 0 || !ops->idle(s)) ? 0 : quiet + 1;
        /* decode the transmit line */
        if (rstate == 0) {
            if (prev_tx && !tx) {
                rstate = 1;
                rcnt = cpb + cpb / 2 - 1;
                rbit = 0;
                rbyte = 0;
            }
        } else if (rcnt) {
            rcnt--;
        } else if (rbit < 8) {
            rbyte |= (unsigned)tx << rbit++;
            rcnt = cpb - 1;
        } else {
            rstate = 0;
            if (!tx)
                fprintf(stderr, "simt-board-sim: board sent a byte without its stop bit\n");
            if (!(mute_after && host_bytes >= mute_after))
                out[on++] = (uint8_t)rbyte;
        }
        prev_tx = tx;
        /* a reply goes to the host in one write once the board has finished it (or the buffer is full) */
        if (on && (on == sizeof out || (!rstate && ops->idle(s) && quiet >= 12u * cpb - 1))) {
            size_t k = 0;
            while (k < on) {
                ssize_t w = write(master, out + k, on - k);
                if (w < 0 && errno != EAGAIN && errno != EINTR)
                    break;
                if (w > 0)
                    k += (size_t)w;
            }
            on = 0;
        }
    }
    ops->destroy(s);
    close(keep);
    close(master);
    return status;
}

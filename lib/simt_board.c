/* SPDX-License-Identifier: Apache-2.0 */
/* simt_board.c: serial link to the unit server (simt_board.h, docs/fpga.md "Protocol"). */
#define _DEFAULT_SOURCE
#include "simt_board.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

enum { PROTO_VERSION = 1, MAX_REPORT = 20 };
#define SEG_MAX SIMT_BOARD_SEG_MAX

static const char *g_port;
static unsigned g_baud = 115200, g_timeout_ms = 2000;
static int g_at_speed = 1;
static simt_board_stats g_stats;
static void (*g_handler)(const char *msg);
static uint64_t g_inject = UINT64_MAX;

void simt_board_inject(uint64_t c) { g_inject = c; }

struct simt_board {
    int fd;
    char model[96];
    unsigned in_w, out_w, in_bytes, out_bytes, depth;
    int clocked;
    const simt_board_port *ports;
    unsigned nports;
    uint8_t *cur_in, *cur_out, *buf;
    uint8_t *last;            /* the last output vector the board sent: replies are changes to it */
    unsigned map_bytes;
    int diff;                 /* output vectors come as changes (identify flags bit 1) */
    int in_valid, out_valid;
    uint64_t cycle;           /* edges (or evaluations) since open */
    /* the segment since the last reset: inputs and outputs per edge */
    uint8_t *seg_in, *seg_out, *seg_known;
    uint64_t seg_n, seg_cap, seg_first, seg_lost;
    int seg_on;
    unsigned reported;
};

void simt_board_config(const char *port, unsigned baud, unsigned timeout_ms, int at_speed)
{
    g_port = port;
    g_baud = baud;
    g_timeout_ms = timeout_ms;
    g_at_speed = at_speed;
}

const char *simt_board_device(void) { return g_port; }

void simt_board_set_error_handler(void (*handler)(const char *msg)) { g_handler = handler; }

void simt_board_get_stats(simt_board_stats *s) { *s = g_stats; }

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fail(const char *fmt, ...)
{
    char msg[512];
    int n = snprintf(msg, sizeof msg, "board %s: ", g_port ? g_port : "(none)");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    if (g_handler)
        g_handler(msg);
    fflush(stdout);
    fprintf(stderr, "simtcheck: error: %s\n", msg);
    exit(2);
}

const simt_vl_model *simt_board_find(const char *model_name)
{
    for (const simt_vl_model *m = simt_board_models; m->name; m++)
        if (!strcmp(m->name, model_name))
            return m;
    return NULL;
}

static speed_t baud_code(unsigned baud)
{
    static const struct { unsigned b; speed_t c; } t[] = {
        {9600, B9600}, {19200, B19200}, {38400, B38400}, {57600, B57600}, {115200, B115200},
        {230400, B230400}, {460800, B460800}, {500000, B500000}, {921600, B921600},
        {1000000, B1000000}, {1500000, B1500000}, {2000000, B2000000}, {3000000, B3000000},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].b == baud)
            return t[i].c;
    fail("baud rate %u is not one termios offers (9600 .. 3000000)", baud);
}

static void put(simt_board *b, const uint8_t *p, size_t n)
{
    while (n) {
        struct pollfd pf = {b->fd, POLLOUT, 0};
        int r = poll(&pf, 1, (int)g_timeout_ms);
        if (r == 0)
            fail("cannot send for %u ms (the line is blocked)", g_timeout_ms);
        if (r < 0 && errno == EINTR)
            continue;
        ssize_t w = r < 0 ? -1 : write(b->fd, p, n);
        if (w < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            fail("write: %s", strerror(errno));
        }
        p += w;
        n -= (size_t)w;
    }
}

/* Exactly n bytes of the reply to request cmd, or an error naming what was missing. */
static void get(simt_board *b, uint8_t *p, size_t n, char cmd)
{
    size_t got = 0;
    while (got < n) {
        struct pollfd pf = {b->fd, POLLIN, 0};
        int r = poll(&pf, 1, (int)g_timeout_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            fail("no reply within %u ms: got %zu of the %zu bytes of the reply to '%c' (is the board "
                 "configured with this bitstream, at this baud rate?)", g_timeout_ms, got, n, cmd);
        ssize_t k = r < 0 ? -1 : read(b->fd, p + got, n - got);
        if (k < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            fail("read: %s", strerror(errno));
        }
        if (k == 0)
            fail("the line was closed while waiting for the reply to '%c'", cmd);
        got += (size_t)k;
    }
}

static const char *err_text(unsigned code)
{
    switch (code) {
    case 1: return "unknown command";
    case 2: return "framing error on its receive line (a wrong baud rate, or noise)";
    case 3: return "address or count out of range";
    case 4: return "a request stopped arriving (timeout inside the board)";
    default: return "unknown error code";
    }
}

/* The status byte of a reply: 'k', or the board's error, or garbage. */
static void status(simt_board *b, char cmd)
{
    uint8_t s;
    get(b, &s, 1, cmd);
    if (s == 'k')
        return;
    if (s == 'e') {
        uint8_t e[2];
        get(b, e, 2, cmd);
        if (e[0] == 1)
            fail("the board reports: %s 0x%02x (after sending '%c')", err_text(1), e[1], cmd);
        fail("the board reports: %s (request '%c')", err_text(e[0]), e[1] >= 32 && e[1] < 127 ? e[1] : '?');
    }
    fail("reply to '%c' starts with 0x%02x, neither 'k' nor 'e': not a unit server, or a wrong baud rate",
         cmd, s);
}

/* One output vector of a reply: a map of the bytes that changed since the vector sent before,
   then those bytes (simt_srv.sv). */
static void get_vector(simt_board *b, uint8_t *out, char cmd)
{
    uint8_t map[256];
    if (!b->diff) {
        get(b, out, b->out_bytes, cmd);
        return;
    }
    if (b->map_bytes > sizeof map)
        fail("output vector of %u bytes: more than this host's map allows", b->out_bytes);
    get(b, map, b->map_bytes, cmd);
    unsigned n = 0;
    for (unsigned i = 0; i < b->out_bytes; i++)
        n += map[i / 8] >> (i % 8) & 1;
    for (unsigned i = b->out_bytes; i < 8 * b->map_bytes; i++)
        if (map[i / 8] >> (i % 8) & 1)
            fail("reply to '%c': the change map marks byte %u of a %u-byte vector", cmd, i, b->out_bytes);
    uint8_t *chg = b->buf;
    get(b, chg, n, cmd);
    for (unsigned i = 0, k = 0; i < b->out_bytes; i++)
        if (map[i / 8] >> (i % 8) & 1)
            b->last[i] = chg[k++];
    memcpy(out, b->last, b->out_bytes);
}

static void u16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static unsigned r16(const uint8_t *p) { return p[0] | (unsigned)p[1] << 8; }

static void identify(simt_board *b)
{
    uint8_t c = 'I', h[11], name[256];
    put(b, &c, 1);
    status(b, 'I');
    get(b, h, sizeof h, 'I');
    get(b, name, h[10], 'I');
    name[h[10]] = 0;
    if (h[0] != PROTO_VERSION)
        fail("protocol version %u, this host speaks %u", h[0], PROTO_VERSION);
    unsigned in_w = r16(h + 2), out_w = r16(h + 4);
    if (strcmp((char *)name, b->model) != 0 || in_w != b->in_w || out_w != b->out_w || (h[1] & 1) != b->clocked)
        fail("the board hosts %s (inputs %u bits, outputs %u bits%s), this run needs %s (%u, %u%s): "
             "build and load its bitstream (make fpga UNIT=... CONFIG=... W=...)",
             name, in_w, out_w, (h[1] & 1) ? ", clocked" : "", b->model, b->in_w, b->out_w,
             b->clocked ? ", clocked" : "");
    b->depth = r16(h + 6);
    b->diff = h[1] >> 1 & 1;
    if (b->depth == 0 && g_at_speed)
        printf("board %s: built without at-speed RAM (AS_DEPTH = 0): stepped over the link only\n", g_port);
}

simt_board *simt_board_open(const char *model, unsigned in_w, unsigned out_w, int clocked,
                            const simt_board_port *ports, unsigned nports)
{
    if (!g_port)
        fail("no port configured (simtcheck --board PORT)");
    simt_board *b = calloc(1, sizeof *b);
    if (!b)
        fail("out of memory");
    snprintf(b->model, sizeof b->model, "%s", model);
    b->in_w = in_w;
    b->out_w = out_w;
    b->in_bytes = (in_w + 7) / 8;
    b->out_bytes = (out_w + 7) / 8;
    b->clocked = clocked;
    b->ports = ports;
    b->nports = nports;
    b->cur_in = calloc(b->in_bytes, 1);
    b->cur_out = calloc(b->out_bytes, 1);
    b->buf = malloc(4 + b->in_bytes + 2 * b->out_bytes);
    b->last = calloc(b->out_bytes, 1);
    b->map_bytes = (b->out_bytes + 7) / 8;
    if (!b->cur_in || !b->cur_out || !b->buf || !b->last)
        fail("out of memory");
    b->fd = open(g_port, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (b->fd < 0)
        fail("cannot open: %s", strerror(errno));
    struct termios t;
    if (tcgetattr(b->fd, &t) != 0)
        fail("not a serial device: %s", strerror(errno));
    cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~(CSTOPB | PARENB | CRTSCTS);
    speed_t sp = baud_code(g_baud);
    cfsetispeed(&t, sp);
    cfsetospeed(&t, sp);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(b->fd, TCSANOW, &t) != 0)
        fail("cannot set 8N1 at %u baud: %s", g_baud, strerror(errno));
    tcflush(b->fd, TCIOFLUSH);
    identify(b);
    return b;
}

/* ---- at-speed replay ---- */

static uint64_t bits(const uint8_t *v, unsigned off, unsigned w)
{
    uint64_t x = 0;
    for (unsigned i = 0; i < w && i < 64; i++)
        x |= (uint64_t)(v[(off + i) / 8] >> ((off + i) % 8) & 1) << i;
    return x;
}

static void compare(simt_board *b, uint64_t cycle, const uint8_t *want, const uint8_t *got)
{
    if (!memcmp(want, got, b->out_bytes))
        return;
    if (g_stats.mismatches++ == 0)
        g_stats.first_bad = cycle;
    for (unsigned p = 0; p < b->nports; p++) {
        const simt_board_port *q = &b->ports[p];
        if (!q->out)
            continue;
        for (unsigned lo = 0; lo < q->width; lo += 64) {
            unsigned w = q->width - lo < 64 ? q->width - lo : 64;
            uint64_t e = bits(want, q->off + lo, w), a = bits(got, q->off + lo, w);
            if (e == a || b->reported > MAX_REPORT)
                continue;
            if (b->reported++ == MAX_REPORT) {
                printf("  ... further at-speed mismatches not printed\n");
                continue;
            }
            if (q->width > 64)
                printf("MISMATCH cycle %" PRIu64 ": at-speed %s[%u:%u] expected 0x%" PRIx64 " actual 0x%" PRIx64 "\n",
                       cycle, q->name, lo + w - 1, lo, e, a);
            else
                printf("MISMATCH cycle %" PRIu64 ": at-speed %s expected 0x%" PRIx64 " actual 0x%" PRIx64 "\n",
                       cycle, q->name, e, a);
        }
    }
}

static void request(simt_board *b, char cmd, unsigned a0, unsigned a1, int nargs)
{
    uint8_t r[5] = {(uint8_t)cmd};
    if (nargs == 1)
        u16(r + 1, a0);
    else if (nargs == 2) {
        u16(r + 1, a0);
        u16(r + 3, a1);
    }
    put(b, r, 1 + 2 * (unsigned)nargs);
}

/* Replay [from, seg_n) of the segment at speed; the board's unit is in the state before 'from'. */
static void replay(simt_board *b, uint64_t from)
{
    for (uint64_t at = from; at < b->seg_n;) {
        unsigned n = b->seg_n - at < b->depth ? (unsigned)(b->seg_n - at) : b->depth;
        /* the run's first cycle is on the loaded inputs, the k-th on RAM entry k (simt_srv.sv) */
        b->buf[0] = 'S';
        b->buf[1] = 0x8;
        put(b, b->buf, 2);
        put(b, b->seg_in + at * b->in_bytes, b->in_bytes);
        status(b, 'S');
        request(b, 'W', 0, n, 2);
        put(b, b->seg_in + at * b->in_bytes, (size_t)n * b->in_bytes);
        status(b, 'W');
        request(b, 'G', n, 0, 1);
        status(b, 'G');
        request(b, 'X', 0, n, 2);
        status(b, 'X');
        for (unsigned i = 0; i < n; i++) {
            uint8_t *got = b->buf + b->out_bytes + 2;
            get_vector(b, got, 'X');
            if (b->seg_first + at + i == g_inject && b->out_bytes) {
                b->seg_out[(at + i) * b->out_bytes] ^= 1; /* harness self-test */
                g_inject = UINT64_MAX;
            }
            if (b->seg_known[at + i]) {
                compare(b, b->seg_first + at + i, b->seg_out + (at + i) * b->out_bytes, got);
                g_stats.replayed++;
            }
        }
        at += n;
    }
}

/* The segment since the last reset, at speed: from a fresh reset for a clocked unit. */
static void flush(simt_board *b)
{
    if (!g_at_speed || !b->seg_n) {
        b->seg_n = 0;
        return;
    }
    /* a reset edge: the unit's state at the segment's start, and the server's at-speed engine
       (a combinational unit ignores it) */
    uint8_t r[2] = {'S', 0x1 | 0x2 | 0x4 | 0x8};
    put(b, r, 2);
    status(b, 'S');
    replay(b, 0);
    if (b->seg_lost)
        printf("at-speed: %" PRIu64 " cycles after cycle %" PRIu64 " not replayed (more than %u since the last reset)\n",
               b->seg_lost, b->seg_first + SEG_MAX, SEG_MAX);
    b->seg_n = 0;
    b->seg_lost = 0;
    if (b->in_valid) { /* the inputs the host loaded last */
        b->buf[0] = 'S';
        b->buf[1] = 0x8;
        put(b, b->buf, 2);
        put(b, b->cur_in, b->in_bytes);
        status(b, 'S');
    }
}

static void record(simt_board *b)
{
    if (!g_at_speed)
        return;
    if (!b->depth) {
        g_stats.stepped_only++;
        return;
    }
    if (b->seg_n == SEG_MAX) {
        b->seg_lost++;
        return;
    }
    if (b->seg_n == b->seg_cap) {
        b->seg_cap = b->seg_cap ? 2 * b->seg_cap : 1024;
        b->seg_in = realloc(b->seg_in, b->seg_cap * b->in_bytes);
        b->seg_out = realloc(b->seg_out, b->seg_cap * b->out_bytes);
        b->seg_known = realloc(b->seg_known, b->seg_cap);
        if (!b->seg_in || !b->seg_out || !b->seg_known)
            fail("out of memory recording %" PRIu64 " cycles for the at-speed replay", b->seg_n);
    }
    memcpy(b->seg_in + b->seg_n * b->in_bytes, b->cur_in, b->in_bytes);
    memcpy(b->seg_out + b->seg_n * b->out_bytes, b->cur_out, b->out_bytes);
    b->seg_known[b->seg_n] = (uint8_t)b->out_valid;
    b->seg_n++;
}

void simt_board_step(simt_board *b, int edge, int reset, const uint8_t *in, uint8_t *out)
{
    uint8_t flags = 0;
    if (edge && b->clocked) {
        if (reset) {
            flush(b);
            b->seg_on = 1;
            b->seg_first = b->cycle;
        } else {
            if (b->seg_on && b->in_valid)
                record(b);
            b->cycle++;
            g_stats.cycles++;
        }
        flags |= 0x1 | (reset ? 0x2 : 0);
        b->out_valid = 0;
    }
    if (!in)
        flags |= 0x4;
    if (!out)
        flags |= 0x8;
    b->buf[0] = 'S';
    b->buf[1] = flags;
    put(b, b->buf, 2);
    if (in) {
        put(b, in, b->in_bytes);
        if (memcmp(b->cur_in, in, b->in_bytes) || !b->in_valid)
            b->out_valid = 0;
        memcpy(b->cur_in, in, b->in_bytes);
        b->in_valid = 1;
    }
    status(b, 'S');
    g_stats.steps++;
    if (out) {
        get_vector(b, out, 'S');
        memcpy(b->cur_out, out, b->out_bytes);
        b->out_valid = 1;
        if (!b->clocked && b->in_valid) { /* a combinational unit: every evaluation is a cycle */
            if (b->seg_n == 0)
                b->seg_first = b->cycle;
            record(b);
            b->cycle++;
            g_stats.cycles++;
            if (b->seg_n == b->depth)
                flush(b);
        }
    }
}

void simt_board_close(simt_board *b)
{
    if (!b)
        return;
    flush(b);
    close(b->fd);
    free(b->seg_in);
    free(b->seg_out);
    free(b->seg_known);
    free(b->cur_in);
    free(b->cur_out);
    free(b->buf);
    free(b->last);
    free(b);
}

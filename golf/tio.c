/* tio.c - Try It Online permalinks, made and read offline with zlib.
 *
 *   tio encode LANG HEADER CODE FOOTER INPUT   prints https://tio.run/##...
 *   tio decode URL [FIELD]                     writes the state string, or one
 *                                              field of it, byte for byte
 *
 * HEADER, CODE, FOOTER and INPUT are files (/dev/null for an empty field);
 * FIELD is lang, header, code, footer or input.
 *
 * The format follows TIO's own front end, repository TryItOnline/tryitonline,
 * file usr/share/tio.run/frontend.js:
 *   saveState()          state = language id, then "\xff" + each field, in page
 *                        order: header, code, footer, input (then any
 *                        arguments); "##" + byteStringToBase64(deflate(state))
 *   deflate()            pako.deflateRaw(..., {level: 9}); pako is a port of
 *                        zlib, so zlib with the same settings gives the same
 *                        bytes
 *   byteStringToBase64() btoa, then "+" -> "@" and the "=" padding removed;
 *                        "/" stays
 *   hashToState()        the reverse: the text before the second "#" (if any)
 *                        is the language, prepended with "\xff"; the fields
 *                        are the leading run of bytes other than \xf4-\xfe,
 *                        split on "\xff"
 *   base64ToByteString() unescape, "@" or "-" -> "+", "_" -> "/", atob
 * On a run, TIO compiles header + "\n" + code + "\n" + footer, leaving out an
 * empty header or footer together with its newline. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define FIELD_SEPARATOR 0xff

static const char *const field_names[] = {"lang", "header", "code", "footer", "input"};
#define NFIELDS (sizeof field_names / sizeof *field_names)

/* ==================== Byte buffers ==================== */

typedef struct {
    unsigned char *data;
    size_t len, cap;
} buffer;

static void die(const char *message)
{
    fprintf(stderr, "tio: %s\n", message);
    exit(1);
}

static void reserve(buffer *b, size_t more)
{
    if (b->len + more <= b->cap)
        return;
    while (b->len + more > b->cap)
        b->cap = b->cap ? 2 * b->cap : 256;
    b->data = realloc(b->data, b->cap);
    if (!b->data)
        die("out of memory");
}

static void append(buffer *b, const void *bytes, size_t n)
{
    reserve(b, n);
    if (n)
        memcpy(b->data + b->len, bytes, n);
    b->len += n;
}

static void append_byte(buffer *b, unsigned char c) { append(b, &c, 1); }

/* The whole file, every byte of it (a field is taken exactly as stored). */
static void append_file(buffer *b, const char *path)
{
    FILE *in = fopen(path, "rb");
    size_t n;
    if (!in) {
        perror(path);
        exit(1);
    }
    do {
        reserve(b, 4096);
        n = fread(b->data + b->len, 1, 4096, in);
        b->len += n;
    } while (n == 4096);
    if (ferror(in))
        die("cannot read a field file");
    fclose(in);
}

/* ==================== Raw deflate (zlib, as pako does it) ==================== */

/* windowBits -15 = raw deflate, no zlib header or checksum; level 9 and the
 * defaults (memLevel 8, default strategy) are pako's for {level: 9}. */
static buffer deflate_raw(const buffer *in)
{
    buffer out = {0};
    z_stream z = {0};
    if (deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        die("deflateInit2 failed");
    reserve(&out, deflateBound(&z, in->len));
    z.next_in = in->data;
    z.avail_in = (uInt)in->len;
    z.next_out = out.data;
    z.avail_out = (uInt)out.cap;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        die("deflate did not finish");
    out.len = z.total_out;
    deflateEnd(&z);
    return out;
}

static buffer inflate_raw(const buffer *in)
{
    buffer out = {0};
    z_stream z = {0};
    int status;
    if (inflateInit2(&z, -15) != Z_OK)
        die("inflateInit2 failed");
    z.next_in = in->data;
    z.avail_in = (uInt)in->len;
    do {
        reserve(&out, 4096);
        z.next_out = out.data + out.len;
        z.avail_out = (uInt)(out.cap - out.len);
        status = inflate(&z, Z_NO_FLUSH);
        out.len = out.cap - z.avail_out;
        if (status != Z_OK && status != Z_STREAM_END)
            die("the link's data is not valid raw deflate");
    } while (status != Z_STREAM_END);
    inflateEnd(&z);
    return out;
}

/* ==================== TIO's base64 ==================== */

static const char base64_digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@/";

/* Standard base64 with "@" as digit 62 and no "=" padding. */
static void append_base64(buffer *out, const buffer *in)
{
    size_t i;
    for (i = 0; i < in->len; i += 3) {
        unsigned long v = (unsigned long)in->data[i] << 16;
        size_t left = in->len - i, k;
        if (left > 1)
            v |= (unsigned long)in->data[i + 1] << 8;
        if (left > 2)
            v |= in->data[i + 2];
        for (k = 0; k < 4 && k <= left; k++)
            append_byte(out, (unsigned char)base64_digits[v >> (18 - 6 * k) & 63]);
    }
}

/* The value of one base64 digit, reading "@" and "-" as "+" and "_" as "/"
 * like base64ToByteString; -1 for anything else. */
static int base64_value(int c)
{
    const char *p;
    if (c == '@' || c == '-' || c == '+')
        return 62;
    if (c == '_')
        return 63;
    p = c ? strchr(base64_digits, c) : NULL;
    return p ? (int)(p - base64_digits) : -1;
}

static buffer base64_decode(const char *text, size_t n)
{
    buffer out = {0};
    unsigned long v = 0;
    int bits = 0;
    size_t i;
    for (i = 0; i < n && text[i] != '='; i++) {
        int d = base64_value((unsigned char)text[i]);
        if (d < 0)
            die("the link has a character that is not base64");
        v = (v << 6 | (unsigned long)d) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            append_byte(&out, (unsigned char)(v >> bits & 0xff));
        }
    }
    return out;
}

/* %XX escapes, as unescape() undoes them (a link copied from a browser may
 * carry some). */
static char *percent_decode(const char *s)
{
    char *out = malloc(strlen(s) + 1), *o = out;
    if (!out)
        die("out of memory");
    for (; *s; s++) {
        unsigned hex;
        if (*s == '%' && sscanf(s + 1, "%2x", &hex) == 1 && s[1] && s[2]) {
            *o++ = (char)hex;
            s += 2;
        } else
            *o++ = *s;
    }
    *o = '\0';
    return out;
}

/* ==================== The two commands ==================== */

static int encode(char **argv)
{
    buffer state = {0}, url = {0};
    size_t i;
    append(&state, argv[0], strlen(argv[0]));
    for (i = 1; i < NFIELDS; i++) {
        append_byte(&state, FIELD_SEPARATOR);
        append_file(&state, argv[i]);
    }
    buffer packed = deflate_raw(&state);
    static const char prefix[] = "https://tio.run/##";
    append(&url, prefix, strlen(prefix));
    append_base64(&url, &packed);
    fwrite(url.data, 1, url.len, stdout);
    putchar('\n');
    free(state.data);
    free(packed.data);
    free(url.data);
    return 0;
}

/* The state string of a permalink: everything after its first "#" is the
 * hash; "lang#data" or "#data" (the "##" form) splits on the next "#". */
static buffer url_to_state(const char *url)
{
    const char *hash = strchr(url, '#');
    if (!hash)
        die("no '#' in the link");
    char *text = percent_decode(hash + 1);
    char *data = strchr(text, '#');
    if (!data)
        die("the link has no deflated state (expected '##...')");
    buffer state = {0}, packed = base64_decode(data + 1, strlen(data + 1));
    if (data > text) {
        append(&state, text, (size_t)(data - text));
        append_byte(&state, FIELD_SEPARATOR);
    }
    buffer raw = inflate_raw(&packed);
    append(&state, raw.data, raw.len);
    free(text);
    free(packed.data);
    free(raw.data);
    return state;
}

/* Field `wanted` (0 = language) of the state: the fields are the leading
 * run of bytes outside \xf4-\xfe (extra fields and settings follow), split
 * on the separator. */
static int write_field(const buffer *state, size_t wanted)
{
    size_t i, start = 0, field = 0;
    for (i = 0; i <= state->len; i++) {
        int end = i == state->len || (state->data[i] >= 0xf4 && state->data[i] <= 0xfe);
        if (end || state->data[i] == FIELD_SEPARATOR) {
            if (field == wanted) {
                fwrite(state->data + start, 1, i - start, stdout);
                return 0;
            }
            field++;
            start = i + 1;
        }
        if (end)
            break;
    }
    fprintf(stderr, "tio: the link has no %s field\n", field_names[wanted]);
    return 1;
}

static int decode(const char *url, const char *name)
{
    buffer state = url_to_state(url);
    int status = 0;
    if (!name)
        fwrite(state.data, 1, state.len, stdout);
    else {
        size_t i;
        for (i = 0; i < NFIELDS && strcmp(name, field_names[i]); i++)
            ;
        if (i == NFIELDS) {
            fprintf(stderr, "tio: unknown field '%s' (lang, header, code, footer, input)\n", name);
            status = 2;
        } else
            status = write_field(&state, i);
    }
    free(state.data);
    return status;
}

static int usage(void)
{
    fputs("usage: tio encode LANG HEADER CODE FOOTER INPUT\n"
          "       tio decode URL [lang|header|code|footer|input]\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc == 7 && !strcmp(argv[1], "encode"))
        return encode(argv + 2);
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "decode"))
        return decode(argv[2], argc == 4 ? argv[3] : NULL);
    return usage();
}

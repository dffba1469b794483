/* permalink.c - Attempt This Online and Try It Online permalinks, made and
 * read offline.  zlib does the deflate; msgpack and base64 are written out
 * here, as small as the two formats need.
 *
 *   permalink encode ato|tio LANG FLAGS HEADER CODE FOOTER INPUT
 *   permalink decode URL [FIELD]
 *   permalink page URL [code|program]
 *
 * FLAGS is the compiler flags, separated by spaces ("" for none); HEADER,
 * CODE, FOOTER and INPUT are files (/dev/null for an empty field).  FIELD is
 * lang, flags, header, code, footer, input, or program: header, code and
 * footer joined as the site joins them before compiling (each part followed
 * by a line feed, an empty header or footer left out).  Fields are written
 * byte for byte; without FIELD, decode lists the fields and their sizes
 * (marking a text the link holds as base64).
 *
 * page models what ATO's run page (frontend/pages/run.tsx) does with an ATO
 * link when a reader opens it, which is not what the link says.  The page
 * loads every field with its encoding, then an effect on the language sets
 * the code box's encoding to the language's default, "sbcs" or "utf-8", both
 * of which the page turns into bytes as UTF-8.  So a code field stored as
 * base64 is shown, counted and run as its base64 text; header, footer and
 * input keep their encodings.  `page URL code` prints the code box's bytes
 * after that reset, `page URL program` the bytes Execute sends: header, a
 * line feed if the header is not empty, code, a line feed if the footer is
 * not empty, footer.  Without FIELD it prints the box's encoding and byte
 * count, and says whether the code the page runs is the code the link holds.
 *
 * ATO (repository attempt-this-online/attempt-this-online, frontend/lib/urls.ts):
 *   https://ato.pxeger.com/run?1=PAYLOAD, PAYLOAD = base64url without padding
 *   of raw deflate (level 6) of a msgpack array of 11 strings: language,
 *   options (the flags as JSON list text, "" for none), header, its encoding,
 *   code, encoding, footer, encoding, arguments (JSON list text), input,
 *   encoding.  A 12th element, when not nil, marks advanced mode.  A text's
 *   encoding is "utf-8", or "base64" for bytes that are not UTF-8 (then the
 *   text is their standard base64, padded; frontend/lib/encoding.ts).
 * TIO (repository TryItOnline/tryitonline, usr/share/tio.run/frontend.js):
 *   https://tio.run/##PAYLOAD, PAYLOAD = base64 with "@" for "+" and no
 *   padding, of raw deflate (level 9) of: language, then "\xff" + each of
 *   header, code, footer, input; then, with flags, "\xfe" "cflags" and
 *   "\xff" + each flag.  TIO keeps every text as UTF-8 (so \xfe and \xff can
 *   mark fields): bytes that are not UTF-8 have no TIO link (exit status 3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { LANG, FLAGS, HEADER, CODE, FOOTER, INPUT, NFIELDS };
static const char *const field_names[NFIELDS] = {"lang", "flags", "header", "code", "footer", "input"};

/* ==================== Byte buffers ==================== */

typedef struct {
    unsigned char *data;
    size_t len, cap;
} buffer;

/* A link's fields; flags are kept as one space-separated string.  base64
 * marks a text an ATO link held in base64 (bytes that are not UTF-8), and
 * stored keeps that text as the link stored it (the base64 digits). */
typedef struct {
    buffer field[NFIELDS];
    int base64[NFIELDS];
    buffer stored[NFIELDS];
} fields;

static void die(const char *message)
{
    fprintf(stderr, "permalink: %s\n", message);
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

static void append_text(buffer *b, const char *s) { append(b, s, strlen(s)); }

/* Whether b holds exactly the text s. */
static int buffer_is(const buffer *b, const char *s) { return b->len == strlen(s) && !memcmp(b->data, s, b->len); }

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

/* b's bytes to stdout (an empty buffer may have no data at all). */
static void write_buffer(const buffer *b)
{
    if (b->len)
        fwrite(b->data, 1, b->len, stdout);
}

static void free_fields(fields *l)
{
    for (int i = 0; i < NFIELDS; i++) {
        free(l->field[i].data);
        free(l->stored[i].data);
    }
}

/* ==================== Raw deflate (zlib) ==================== */

/* windowBits -15: raw deflate, no zlib header or checksum.  memLevel 8 and
 * the default strategy are what both sites' deflate libraries use. */
static buffer deflate_raw(const buffer *in, int level)
{
    buffer out = {0};
    z_stream z = {0};
    if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
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

/* ==================== base64, both alphabets ==================== */

/* Digits 0-61 are shared; 62 and 63 are each site's own. */
static const char base64_digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* in as base64 with the given last two digits, "=" padded or not. */
static void append_base64(buffer *out, const buffer *in, const char *digits_62_63, int pad)
{
    for (size_t i = 0; i < in->len; i += 3) {
        unsigned long v = (unsigned long)in->data[i] << 16;
        size_t left = in->len - i;
        if (left > 1)
            v |= (unsigned long)in->data[i + 1] << 8;
        if (left > 2)
            v |= in->data[i + 2];
        for (size_t k = 0; k < 4 && k <= left; k++) {
            unsigned d = v >> (18 - 6 * k) & 63;
            append_byte(out, (unsigned char)(d < 62 ? base64_digits[d] : digits_62_63[d - 62]));
        }
    }
    for (size_t k = in->len % 3; pad && k && k < 3; k++)
        append_byte(out, '=');
}

/* The value of one digit, taking either site's digits 62 and 63 ("+", "@"
 * and "-"; "/" and "_"); -1 for anything else. */
static int base64_value(int c)
{
    const char *p;
    if (c == '+' || c == '@' || c == '-')
        return 62;
    if (c == '/' || c == '_')
        return 63;
    p = c ? strchr(base64_digits, c) : NULL;
    return p ? (int)(p - base64_digits) : -1;
}

/* Decodes n characters.  TIO stops at "=" padding and rejects anything else
 * that is not a digit; ATO's decoder drops every non-digit (lenient). */
static buffer base64_decode(const char *text, size_t n, int lenient)
{
    buffer out = {0};
    unsigned long v = 0;
    int bits = 0;
    for (size_t i = 0; i < n && (lenient || text[i] != '='); i++) {
        int d = base64_value((unsigned char)text[i]);
        if (d < 0) {
            if (lenient)
                continue;
            die("the link has a character that is not base64");
        }
        v = (v << 6 | (unsigned long)d) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            append_byte(&out, (unsigned char)(v >> bits & 0xff));
        }
    }
    return out;
}

/* %XX escapes, as a browser may leave them in a copied link. */
static char *percent_decode(const char *s)
{
    char *out = malloc(strlen(s) + 1), *o = out;
    if (!out)
        die("out of memory");
    for (; *s; s++) {
        unsigned hex;
        if (*s == '%' && s[1] && s[2] && sscanf(s + 1, "%2x", &hex) == 1) {
            *o++ = (char)hex;
            s += 2;
        } else
            *o++ = *s;
    }
    *o = '\0';
    return out;
}

/* ==================== UTF-8 ==================== */

/* Whether b is well-formed UTF-8: no stray continuation bytes, overlong
 * forms, surrogates or code points past U+10FFFF (what a browser's
 * TextDecoder would not give back byte for byte). */
static int is_utf8(const buffer *b)
{
    for (size_t i = 0; i < b->len;) {
        unsigned c = b->data[i];
        size_t more = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : 4;
        if (more == 4 || b->len - i - 1 < more)
            return 0;
        unsigned long cp = more ? c & (0x3fu >> more) : c;
        for (size_t k = 1; k <= more; k++) {
            if ((b->data[i + k] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (b->data[i + k] & 0x3fu);
        }
        if ((more == 2 && (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000))) || (more == 3 && (cp < 0x10000 || cp > 0x10ffff)))
            return 0;
        i += more + 1;
    }
    return 1;
}

/* ==================== msgpack: an array of strings ==================== */

/* The shortest header for a string of n bytes, as ATO's library writes it. */
static void msgpack_string(buffer *out, const unsigned char *s, size_t n)
{
    if (n < 32)
        append_byte(out, (unsigned char)(0xa0 | n));
    else if (n < 256) {
        append_byte(out, 0xd9);
        append_byte(out, (unsigned char)n);
    } else if (n < 65536) {
        append_byte(out, 0xda);
        append_byte(out, (unsigned char)(n >> 8));
        append_byte(out, (unsigned char)n);
    } else {
        append_byte(out, 0xdb);
        for (int shift = 24; shift >= 0; shift -= 8)
            append_byte(out, (unsigned char)(n >> shift));
    }
    append(out, s, n);
}

/* A big-endian unsigned of `bytes` bytes at *at, which moves past it. */
static size_t read_uint(const buffer *in, size_t *at, int bytes)
{
    size_t v = 0;
    if (in->len - *at < (size_t)bytes)
        die("the link's msgpack data is cut short");
    while (bytes--)
        v = v << 8 | in->data[(*at)++];
    return v;
}

/* The next element: a string (its bytes into out, 1) or nil (0). */
static int msgpack_next(const buffer *in, size_t *at, buffer *out)
{
    size_t n = 0;
    int tag = (int)read_uint(in, at, 1);
    if (tag == 0xc0)
        return 0;
    if ((tag & 0xe0) == 0xa0)
        n = (size_t)tag & 31;
    else if (tag == 0xd9)
        n = read_uint(in, at, 1);
    else if (tag == 0xda)
        n = read_uint(in, at, 2);
    else if (tag == 0xdb)
        n = read_uint(in, at, 4);
    else
        die("the link's msgpack holds something other than strings and nil");
    if (in->len - *at < n)
        die("the link's msgpack data is cut short");
    if (out)
        append(out, in->data + *at, n);
    *at += n;
    return 1;
}

/* ==================== Flags as a JSON list ==================== */

/* ["a","b"] from "a b", JSON-escaped; "" for no flags, as ATO leaves it. */
static void flags_to_json(buffer *out, const char *flags)
{
    const char *p = flags;
    int first = 1;
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        append_text(out, first ? "[\"" : ",\"");
        first = 0;
        for (; *p && *p != ' '; p++) {
            unsigned char c = (unsigned char)*p;
            if (c == '"' || c == '\\') {
                append_byte(out, '\\');
                append_byte(out, c);
            } else if (c < 0x20) {
                char esc[8];
                snprintf(esc, sizeof esc, "\\u%04x", c);
                append_text(out, esc);
            } else
                append_byte(out, c);
        }
        append_byte(out, '"');
    }
    if (!first)
        append_byte(out, ']');
}

/* The reverse: a JSON list of strings to space-separated flags.  Escapes
 * \uXXXX only below 0x80, which is all a compiler flag needs. */
static void json_to_flags(buffer *out, const buffer *json)
{
    size_t i = 0, n = json->len;
    const unsigned char *s = json->data;
#define SKIP_SPACE()                                                                               \
    while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'))                \
    i++
    SKIP_SPACE();
    if (i == n)
        return;
    if (s[i++] != '[')
        die("the link's options are not a JSON list");
    for (int count = 0;; count++) {
        SKIP_SPACE();
        if (i < n && s[i] == ']' && count == 0)
            return;
        if (i == n || s[i++] != '"')
            die("the link's options are not a JSON list of strings");
        if (count)
            append_byte(out, ' ');
        while (i < n && s[i] != '"') {
            unsigned char c = s[i++];
            if (c == '\\' && i < n) {
                unsigned hex;
                c = s[i++];
                if (c == 'u' && n - i >= 4 && sscanf((const char *)s + i, "%4x", &hex) == 1 && hex < 0x80) {
                    c = (unsigned char)hex;
                    i += 4;
                } else if (c == 'n' || c == 't' || c == 'r' || c == 'b' || c == 'f')
                    c = (unsigned char)(c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c == 'b' ? '\b' : '\f');
            }
            append_byte(out, c);
        }
        if (i++ == n)
            die("the link's options end inside a string");
        SKIP_SPACE();
        if (i < n && s[i] == ']')
            return;
        if (i == n || s[i++] != ',')
            die("the link's options are not a JSON list of strings");
    }
#undef SKIP_SPACE
}

/* ==================== The two sites ==================== */

static const char ato_prefix[] = "https://ato.pxeger.com/run?1=";
static const char tio_prefix[] = "https://tio.run/##";

#define TIO_FIELD 0xff
#define TIO_SETTING 0xfe

/* A text and its encoding, as ATO's frontend stores them: UTF-8 as it is,
 * other bytes as padded standard base64. */
static void ato_text(buffer *packed, const buffer *text)
{
    static const unsigned char utf8[] = "utf-8", base64[] = "base64";
    if (is_utf8(text)) {
        msgpack_string(packed, text->data, text->len);
        msgpack_string(packed, utf8, 5);
    } else {
        buffer digits = {0};
        append_base64(&digits, text, "+/", 1);
        msgpack_string(packed, digits.data, digits.len);
        msgpack_string(packed, base64, 6);
        free(digits.data);
    }
}

/* ATO's 11 elements: the fields in their places, each text with its encoding. */
static void ato_encode(buffer *url, const fields *l)
{
    buffer packed = {0}, options = {0};
    flags_to_json(&options, (const char *)l->field[FLAGS].data);
    append_byte(&packed, 0x90 | 11);
    msgpack_string(&packed, l->field[LANG].data, l->field[LANG].len);
    msgpack_string(&packed, options.data, options.len);
    ato_text(&packed, &l->field[HEADER]);
    ato_text(&packed, &l->field[CODE]);
    ato_text(&packed, &l->field[FOOTER]);
    msgpack_string(&packed, (const unsigned char *)"", 0); /* program arguments: none */
    ato_text(&packed, &l->field[INPUT]);
    buffer deflated = deflate_raw(&packed, 6);
    append_text(url, ato_prefix);
    append_base64(url, &deflated, "-_", 0);
    free(packed.data);
    free(options.data);
    free(deflated.data);
}

static void ato_decode(fields *l, const char *payload)
{
    size_t n = strcspn(payload, "&#");
    buffer packed = base64_decode(payload, n, 1);
    buffer raw = inflate_raw(&packed);
    buffer options = {0};
    size_t at = 0;
    int tag = (int)read_uint(&raw, &at, 1);
    size_t count = (tag & 0xf0) == 0x90 ? (size_t)tag & 15 : tag == 0xdc ? read_uint(&raw, &at, 2) : 0;
    if (count != 11 && count != 12)
        die("the link's msgpack is not an array of 11 or 12 elements");
    /* Where each element goes: fields, a text's encoding, or NULL. */
    buffer encoding[4] = {{0}};
    buffer *slot[12] = {&l->field[LANG],   &options,     &l->field[HEADER], &encoding[0],
                        &l->field[CODE],   &encoding[1], &l->field[FOOTER], &encoding[2],
                        NULL,              &l->field[INPUT], &encoding[3],  NULL};
    for (size_t i = 0; i < count; i++) {
        int is_string = msgpack_next(&raw, &at, slot[i]);
        if (i < 11 && !is_string)
            die("the link's msgpack has nil where a string belongs");
        if (i == 11 && is_string)
            die("the link is in ATO's advanced mode (a runner script), which this tool does not read");
    }
    json_to_flags(&l->field[FLAGS], &options);
    const int texts[] = {HEADER, CODE, FOOTER, INPUT};
    for (int i = 0; i < 4; i++) {
        buffer *text = &l->field[texts[i]];
        if (buffer_is(&encoding[i], "base64")) {
            l->stored[texts[i]] = *text;
            *text = base64_decode((const char *)text->data, text->len, 1);
            l->base64[texts[i]] = 1;
        } else if (!buffer_is(&encoding[i], "utf-8") && !buffer_is(&encoding[i], "sbcs"))
            die("the link has a text encoding other than utf-8, sbcs and base64");
        free(encoding[i].data);
    }
    free(packed.data);
    free(raw.data);
    free(options.data);
}

static void tio_encode(buffer *url, const fields *l)
{
    buffer state = {0};
    append(&state, l->field[LANG].data, l->field[LANG].len);
    const int texts[] = {HEADER, CODE, FOOTER, INPUT};
    for (int i = 0; i < 4; i++) {
        if (!is_utf8(&l->field[texts[i]])) {
            fputs("permalink: TIO keeps code as UTF-8 text, and these bytes are not UTF-8: no TIO link\n", stderr);
            exit(3);
        }
        append_byte(&state, TIO_FIELD);
        append(&state, l->field[texts[i]].data, l->field[texts[i]].len);
    }
    const char *p = (const char *)l->field[FLAGS].data;
    for (int first = 1;; first = 0) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (first) {
            append_byte(&state, TIO_SETTING);
            append_text(&state, "cflags");
        }
        append_byte(&state, TIO_FIELD);
        size_t len = strcspn(p, " ");
        append(&state, p, len);
        p += len;
    }
    buffer deflated = deflate_raw(&state, 9);
    append_text(url, tio_prefix);
    append_base64(url, &deflated, "@/", 0);
    free(state.data);
    free(deflated.data);
}

/* The state after "#": "lang#data" or "#data" ("##" form).  The fields are
 * the bytes up to the first setting (\xf4-\xfe), split on \xff; a "cflags"
 * setting's values are the flags. */
static void tio_decode(fields *l, const char *hash)
{
    char *text = percent_decode(hash);
    char *data = strchr(text, '#');
    if (!data)
        die("the link has no deflated state (expected '##...')");
    buffer state = {0}, packed = base64_decode(data + 1, strlen(data + 1), 0);
    if (data > text) {
        append(&state, text, (size_t)(data - text));
        append_byte(&state, TIO_FIELD);
    }
    buffer raw = inflate_raw(&packed);
    append(&state, raw.data, raw.len);
    const int order[] = {LANG, HEADER, CODE, FOOTER, INPUT};
    size_t i = 0, field = 0;
    for (; i < state.len && (state.data[i] < 0xf4 || state.data[i] == TIO_FIELD); i++)
        if (state.data[i] == TIO_FIELD)
            field++;
        else if (field < 5)
            append_byte(&l->field[order[field]], state.data[i]);
    /* Settings: \xfe name, then \xff value for each value. */
    while (i < state.len && state.data[i] == TIO_SETTING) {
        size_t name = ++i;
        while (i < state.len && state.data[i] != TIO_FIELD && state.data[i] != TIO_SETTING)
            i++;
        int cflags = i - name == 6 && !memcmp(state.data + name, "cflags", 6);
        while (i < state.len && state.data[i] == TIO_FIELD) {
            size_t value = ++i;
            while (i < state.len && state.data[i] != TIO_FIELD && state.data[i] != TIO_SETTING)
                i++;
            if (cflags) {
                if (l->field[FLAGS].len)
                    append_byte(&l->field[FLAGS], ' ');
                append(&l->field[FLAGS], state.data + value, i - value);
            }
        }
    }
    free(text);
    free(state.data);
    free(packed.data);
    free(raw.data);
}

/* ==================== The two commands ==================== */

static int encode(char **argv)
{
    fields l = {0};
    buffer url = {0};
    append_text(&l.field[LANG], argv[1]);
    append_text(&l.field[FLAGS], argv[2]);
    append_byte(&l.field[FLAGS], '\0'); /* read as a C string below */
    append_file(&l.field[HEADER], argv[3]);
    append_file(&l.field[CODE], argv[4]);
    append_file(&l.field[FOOTER], argv[5]);
    append_file(&l.field[INPUT], argv[6]);
    if (!strcmp(argv[0], "ato"))
        ato_encode(&url, &l);
    else
        tio_encode(&url, &l);
    write_buffer(&url);
    putchar('\n');
    free_fields(&l);
    free(url.data);
    return 0;
}

/* header, code and footer as the site compiles them: each non-empty part
 * followed by a line feed, the code always there. */
static void write_program(const fields *l)
{
    const int parts[] = {HEADER, CODE, FOOTER};
    for (int i = 0; i < 3; i++) {
        const buffer *b = &l->field[parts[i]];
        if (b->len || parts[i] == CODE) {
            write_buffer(b);
            if (parts[i] != FOOTER)
                putchar('\n');
        }
    }
}

/* Reads an ATO or TIO link into l; 1 for ATO, 0 for TIO. */
static int read_link(fields *l, const char *url)
{
    if (!strncmp(url, ato_prefix, strlen(ato_prefix))) {
        ato_decode(l, url + strlen(ato_prefix));
        return 1;
    }
    if (!strncmp(url, tio_prefix, strlen("https://tio.run/")) && strchr(url, '#')) {
        tio_decode(l, strchr(url, '#') + 1);
        return 0;
    }
    die("not an ATO (https://ato.pxeger.com/run?1=...) or TIO (https://tio.run/##...) link");
    return 0;
}

static int decode(const char *url, const char *name)
{
    fields l = {0};
    int status = 0;
    read_link(&l, url);
    if (!name)
        for (int i = 0; i < NFIELDS; i++)
            printf("%-7s %zu bytes%s\n", field_names[i], l.field[i].len, l.base64[i] ? " (base64)" : "");
    else if (!strcmp(name, "program"))
        write_program(&l);
    else {
        int i = 0;
        while (i < NFIELDS && strcmp(name, field_names[i]))
            i++;
        if (i == NFIELDS) {
            fprintf(stderr, "permalink: unknown field '%s' (lang, flags, header, code, footer, input, program)\n",
                    name);
            status = 2;
        } else
            write_buffer(&l.field[i]);
    }
    free_fields(&l);
    return status;
}

/* What ATO's page does on load (see the top): the code box becomes text,
 * so a code field stored as base64 becomes its base64 digits. */
static int page(const char *url, const char *name)
{
    fields l = {0};
    int status = 0;
    if (!read_link(&l, url))
        die("page models ATO's page: give it an ATO link");
    buffer *code = &l.field[CODE];
    int held_as_base64 = l.base64[CODE];
    size_t held = code->len;
    if (held_as_base64) {
        free(code->data);
        *code = l.stored[CODE];
        l.stored[CODE] = (buffer){0};
    } else if (!is_utf8(code))
        die("the link stores code as utf-8 text that is not UTF-8: what the page makes of it depends on "
            "its msgpack decoder, which this model does not follow");
    if (!name) {
        size_t chars = 0;
        for (size_t i = 0; i < code->len; i++)
            chars += (code->data[i] & 0xc0) != 0x80;
        printf("code box: utf-8, %zu chars, %zu bytes\n", chars, code->len);
        if (held_as_base64)
            printf("the link holds %zu bytes of code as base64; the page runs its %zu base64 digits instead\n",
                   held, code->len);
        else
            puts("the page runs the code the link holds");
    } else if (!strcmp(name, "code"))
        write_buffer(code);
    else if (!strcmp(name, "program")) {
        const buffer *header = &l.field[HEADER], *footer = &l.field[FOOTER];
        write_buffer(header);
        if (header->len)
            putchar('\n');
        write_buffer(code);
        if (footer->len)
            putchar('\n');
        write_buffer(footer);
    } else {
        fprintf(stderr, "permalink: unknown page field '%s' (code, program)\n", name);
        status = 2;
    }
    free_fields(&l);
    return status;
}

static int usage(void)
{
    fputs("usage: permalink encode ato|tio LANG FLAGS HEADER CODE FOOTER INPUT\n"
          "       permalink decode URL [lang|flags|header|code|footer|input|program]\n"
          "       permalink page URL [code|program]\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc == 9 && !strcmp(argv[1], "encode") && (!strcmp(argv[2], "ato") || !strcmp(argv[2], "tio")))
        return encode(argv + 2);
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "decode"))
        return decode(argv[2], argc == 4 ? argv[3] : NULL);
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "page"))
        return page(argv[2], argc == 4 ? argv[3] : NULL);
    return usage();
}

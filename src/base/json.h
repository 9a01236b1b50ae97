/* json.h: a small streaming JSON writer (objects, arrays, escaped strings)
 * shared by every --format json output and the JSON report. */
#ifndef SYSCOV_JSON_H
#define SYSCOV_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct json {
	FILE *f;
	int depth;
	int first[64];  /* no comma needed yet at this depth */
	int pretty;
	int after_key;  /* a key was just written: no comma, no newline */
};

void json_init(struct json *j, FILE *f, int pretty);
void json_obj_begin(struct json *j);
void json_obj_end(struct json *j);
void json_arr_begin(struct json *j);
void json_arr_end(struct json *j);
void json_key(struct json *j, const char *k);
void json_str(struct json *j, const char *s);  /* NULL writes null */
void json_int(struct json *j, int64_t v);
void json_bool(struct json *j, int v);
void json_null(struct json *j);
/* key + value shorthands */
void json_kstr(struct json *j, const char *k, const char *s);
void json_kint(struct json *j, const char *k, int64_t v);
void json_kbool(struct json *j, const char *k, int v);
/* Writes s as a JSON string literal (quotes included) to f; invalid UTF-8
 * bytes become U+FFFD so the output always parses. */
void json_write_string(FILE *f, const char *s);
/* The length of the start of s that json_write_string() writes as it is. */
size_t json_plain_len(const char *s);
struct buf;
/* Reads the JSON string literal at *pp (its opening quote) onto b, decoded,
 * with its NUL, and moves *pp past it. A \\u escape of a UTF-16 pair is
 * one code point, of a lone surrogate or NUL nothing (buf_put_utf8()).
 * `strict`: only what json_write_string() writes (no raw control byte, no
 * \\u escape but of a control byte, DEL or U+FFFD). 0, or -1 if it is not
 * such a literal (b may then hold part of it). */
int json_read_string(const char **pp, struct buf *b, int strict);
/* Length of the valid UTF-8 sequence at s (1 to 4), or 0 if the bytes there
 * are not UTF-8 (stray continuation, overlong, surrogate, > U+10FFFF). */
int utf8_seq_len(const unsigned char *s);

#endif

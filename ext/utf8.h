/* Text as Python sees it, kept as UTF-8: code points from Python's compact string forms
   (1, 2 or 4 bytes a character; lone surrogates as their 3-byte forms, as "surrogatepass"
   writes them), characters counted as len() counts them, Python's whitespace (str.isspace,
   re's \s) for str.rstrip(). */
#ifndef CB_UTF8_H
#define CB_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Returns the number of bytes written to out (room for 4 a character): the UTF-8 of n
   characters of kind bytes each (1, 2, 4) at data. */
size_t utf8_from_ucs(const void *data, int kind, size_t n, char *out);

/* Returns the length of the longest prefix of s[0..n) that is valid UTF-8 as Python's strict
   decoder takes it (no overlong forms, no surrogates, nothing past U+10FFFF): n if all is. */
size_t utf8_valid_prefix(const char *s, size_t n);

/* Returns the first position at or after i where s[0..n) has a byte past ASCII (n if none). */
size_t utf8_next_wide(const char *s, size_t n, size_t i);

/* Returns the code point of the UTF-8 character (2 to 4 bytes) at s[*i], *i moved past it. */
uint32_t utf8_decode(const char *s, size_t n, size_t *i);

/* Returns the number of characters (code points) of UTF-8 text t[0..n). */
int64_t utf8_chars(const char *t, size_t n);

/* Returns the length of the Python whitespace character starting at t[i] of t[0..n) (0 if
   it is not whitespace). */
size_t utf8_space_at(const char *t, size_t n, size_t i);

/* Returns where the character ending just before t[i] starts (i > 0). */
size_t utf8_char_start(const char *t, size_t i);

/* Returns the length of t[0..n) without its trailing Python whitespace (str.rstrip()). */
size_t utf8_rstrip(const char *t, size_t n);

#endif

/* values.h: kpp test cases (tests/kpp/cases.sh): every R_* macro must have
 * the value the host compiler gives it; each is an integer constant
 * expression with the same value in C and in #if arithmetic, except R_NC_*,
 * which are not integer constants at all. */
#ifndef VALUES_H
#define VALUES_H
#pragma once

/* integer literals and arithmetic */
#define R_add (1 + 2 * 3)
#define R_prec (1 << 2 + 1)
#define R_div (-5 / 2)
#define R_mod (-5 % 3)
#define R_hex 0x7fffffffffffffffLL
#define R_octal 0777
#define R_binary_ops ((0xf0 & 0x3c) | (0x01 ^ 0x03))
#define R_shift_right (-16 >> 2)
#define R_suffixes (10UL + 3LL - 1u + 2lu + 7ull)
#define R_unsigned_cmp (-1 < 0u)
#define R_cond (1 ? 2 : 3)
#define R_cond_chain (0 ? 1 : 0 ? 2 : 3)
#define R_logic (2 && 0 || 3)
#define R_not (!0 + ~0)
#define R_compare ((3 >= 3) + (2 != 2) * 4 + (1 <= 0) * 8 + (5 > 4) * 16 + (1 == 1) * 32)
#define R_unary (- - 5 + +3 - -2)
#define R_char ('a' + '\n' + '\0')

/* kernel shapes: a base plus an offset, an alias, a bit plus zero */
#define __NR_Linux 4000
#define R_mips (__NR_Linux + 3)
#define __NR3264_fcntl 25
#define R_alias __NR3264_fcntl
#define __X32_SYSCALL_BIT 0x40000000
#define R_x32 (__X32_SYSCALL_BIT + 0)

/* line splicing and comments */
#define R_continued 1 + \
	2
#define R_sp\
lit 5
#define R_comment /* one */ 7 // two
#define R_multiline_comment 1 /* a
	b */ + 1

/* expansion: self-reference, mutual recursion, arguments */
#define selfref (4 + selfref)
#if selfref == 4
#define R_selfref 1
#else
#define R_selfref 0
#endif
#define AA BB
#define BB AA
#if AA == 0 && BB == 0
#define R_mutual 1
#endif
#define ADD(a, b) ((a) + (b))
#define TWICE(x) ADD(x, x)
#define R_nested TWICE(ADD(1, 2))
#define APPLY(f, x) f(x)
#define NEG(x) (-(x))
#define R_apply APPLY(NEG, 7)
#define LATER NEG
#define R_name_then_paren LATER(3)
#define ID(x) x
#define R_empty_arg (ID() 5)
#define COMMA ,
#define SECOND(a, b) b
#define R_parens SECOND((1, 2), 3)
#define XSECOND(a) SECOND(a)
#define R_comma_late XSECOND(1 COMMA 9)

/* ## and variadic arguments */
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#define ONE 1
#define R_paste_num CAT(12, 34)
#define R_paste_hex CAT(0x, 1f)
#define R_paste_empty CAT(, 5)
#define R_paste_name CAT(R_, add)
#if CAT(ONE, 2) == 0 && XCAT(ONE, 2) == 12
#define R_paste_operands 1 /* ## takes them as written, XCAT expanded */
#endif
#define NARGS(a, b, c, d, ...) d
#define COUNT(...) NARGS(__VA_ARGS__, 3, 2, 1, 0)
#define R_count2 COUNT(x, y)
#define R_count1 COUNT(x)
#define FIRST(a, ...) a
#define R_va_empty FIRST(6)

/* not integer constants */
#define R_NC_string "abc"
#define R_NC_identifier (undeclared + 1)
#define R_NC_call NEG
#define R_NC_empty

/* conditionals */
#if defined R_add && defined(R_prec) && !defined(R_absent) && R_absent_too == 0
#define R_defined 1
#endif
#if 2 || 1 / 0
#define R_short_circuit 1
#endif
#if 0 ? 1 / 0 : 4
#define R_cond_skip 1
#endif
#if -1 > 0u
#define R_if_unsigned 1
#endif
#if 0x7fffffffffffffff + 0 > 0 && 18446744073709551615u == -1
#define R_if_wide 1
#endif
#if 0
#error not read: a skipped group
it's full of 'junk
#include <nothere.h>
#elif 1
#define R_elif 1
#elif 1 / 0
#error not read either
#else
#define R_else_wrong 1
#endif
#ifdef R_absent
#define R_ifdef_wrong 1
#elif !defined(R_absent)
#define R_elif_after_ifdef 2
#endif
#ifndef R_absent
#  if 1
#    define R_nested_if 3
#  endif
#endif
#undef R_octal
#define R_octal 0777 /* redefined after #undef: the later one counts */
#define R_undefined_later 1
#undef R_undefined_later
#if __has_include("values_inc.h") && !__has_include(<kpp_absent.h>)
#define R_has_include 1
#endif
#if defined(__has_include)
#define R_has_include_defined 1
#endif
#warning a warning is not an error
#pragma kpp ignored
#ident "ignored"
#line 200
#
#endif

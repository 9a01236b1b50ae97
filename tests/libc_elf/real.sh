#!/bin/bash
# real.sh CASE: scans a real libc (host glibc, aarch64 glibc, musl, dietlibc,
# klibc) and compares every defined function with its version and default
# flag against readelf / nm of the same file.
. "$(dirname "$0")/common.sh"
case=$1
scan() { "$SYSCOV" scan "$@" --no-man --db "$DB" -q || fail "scan $* exited $?"; }
case $case in
host)
	scan /
	readelf --dyn-syms -W /lib/x86_64-linux-gnu/libc.so.6 | readelf_funcs >"$T/want"
	db_funcs /libc.so.6 >"$T/got"
	same "$T/want" "$T/got" "host libc.so.6 vs readelf"
	for f in 'gettid|GLIBC_2.30|1' 'init_module|GLIBC_2.2.5|1' 'create_module|GLIBC_2.2.5|0' \
		 'pidfd_open|GLIBC_2.36|1'; do
		grep -qxF "$f" "$T/got" || fail "missing $f"
	done
	# create_module has no default version: compat only
	grep -q '^create_module|.*|1$' "$T/got" && fail "create_module linkable"
	[ "$(q "SELECT libc_flavour || ' ' || libc_version FROM scan")" = "glibc 2.36" ] ||
		fail "flavour/version: $(q 'SELECT libc_flavour, libc_version FROM scan')"
	# librt and libpthread are read too, each symbol under its own library
	for l in librt.so.1 libpthread.so.0; do
		readelf --dyn-syms -W /lib/x86_64-linux-gnu/$l | readelf_funcs >"$T/want"
		db_funcs /$l >"$T/got"
		same "$T/want" "$T/got" "$l vs readelf"
	done
	# the linker script's GROUP: libc_nonshared.a and ld.so as well
	[ "$(q "SELECT count(*) FROM libc_lib WHERE path LIKE '%/libc_nonshared.a' AND kind = 'static'")" = 1 ] ||
		fail "libc_nonshared.a not read through libc.so"
	q "SELECT path FROM libc_lib" | grep -q '/ld-linux-x86-64.so.2$' || fail "AS_NEEDED ld.so not read"
	;;
aarch64)
	scan /usr/aarch64-linux-gnu
	readelf --dyn-syms -W /usr/aarch64-linux-gnu/lib/libc.so.6 | readelf_funcs >"$T/want"
	db_funcs /libc.so.6 >"$T/got"
	same "$T/want" "$T/got" "aarch64 libc.so.6 vs readelf"
	grep -qxF 'gettid|GLIBC_2.30|1' "$T/got" || fail "gettid@@GLIBC_2.30"
	# the aarch64 port starts at GLIBC_2.17: nothing older
	grep -q '|GLIBC_2\.2\.5|' "$T/got" && fail "aarch64 has GLIBC_2.2.5 symbols"
	grep -qxF 'read|GLIBC_2.17|1' "$T/got" || fail "read@@GLIBC_2.17"
	[ "$(q "SELECT libc_flavour || ' ' || libc_version FROM scan")" = "glibc 2.36" ] || fail "version"
	# the script's absolute /usr/aarch64-linux-gnu/lib paths were stripped to /lib
	[ "$(q "SELECT path FROM libc_lib ORDER BY id LIMIT 1")" = /lib/libc.so.6 ] || fail "path"
	;;
musl)
	scan / --include /usr/include/x86_64-linux-musl --libdir /usr/lib/x86_64-linux-musl
	readelf --dyn-syms -W /usr/lib/x86_64-linux-musl/libc.so | readelf_funcs >"$T/want"
	db_funcs /libc.so >"$T/got"
	same "$T/want" "$T/got" "musl libc.so vs readelf"
	[ "$(q "SELECT count(*) FROM libc_symbol WHERE version IS NOT NULL OR is_default = 0")" = 0 ] ||
		fail "musl symbols are unversioned"
	v=$(dpkg-query -W -f '${Version}' musl 2>/dev/null | sed 's/-[^-]*$//')
	[ "$(q "SELECT libc_flavour || ' ' || libc_version FROM scan")" = "musl ${v:-1.2.3}" ] ||
		fail "flavour: $(q 'SELECT libc_flavour, libc_version, libc_how FROM scan')"
	;;
diet|klibc)
	if [ $case = diet ]; then
		scan / --include /usr/lib/diet/include --libdir /usr/lib/diet/lib-x86_64
		lib=/usr/lib/diet/lib-x86_64/libc.a pkg=dietlibc-dev flav=dietlibc
		db_funcs /lib-x86_64/libc.a >"$T/got"
	else
		scan / --include /usr/lib/klibc/include --libdir /usr/lib/klibc/lib
		# klibc's libc.so is an ET_EXEC with only .symtab
		lib=/usr/lib/klibc/lib/libc.so pkg=libklibc-dev flav=klibc
		db_funcs /klibc/lib/libc.so >"$T/got"
	fi
	readelf -s -W $lib | readelf_funcs >"$T/want"
	same "$T/want" "$T/got" "$lib vs readelf -s"
	# nm: T/W/i names; the only extra ones may be untyped asm labels
	nm --defined-only $lib 2>/dev/null | awk '$2 ~ /^[TWi]$/ {print $3}' | sort -u >"$T/nm"
	cut -d'|' -f1 "$T/got" | sort -u >"$T/gotn"
	comm -13 "$T/nm" "$T/gotn" | grep . && fail "names not in nm"
	readelf -s -W $lib | awk '$4 == "NOTYPE" {print $8}' | sort -u >"$T/notype"
	comm -23 "$T/nm" "$T/gotn" | comm -23 - "$T/notype" | grep . && fail "nm functions missed"
	v=$(dpkg-query -W -f '${Version}' $pkg | sed 's/^[0-9]*://; s/-[^-]*$//')
	[ "$(q "SELECT libc_flavour || ' ' || libc_version FROM scan")" = "$flav $v" ] ||
		fail "flavour: $(q 'SELECT libc_flavour, libc_version, libc_how FROM scan')"
	;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case: $(q "SELECT count(*) FROM libc_symbol") functions"

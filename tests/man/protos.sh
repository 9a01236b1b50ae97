#!/bin/sh
# Typed prototypes: spot checks, and agreement with the header scanner's
# declarations (decl table) for the syscalls glibc declares.
. "$SRCDIR/tests/man/common.sh"
scan_host
sig() { # NAME [via_syscall]: "ret_spelled (canonical types)" of the first typed prototype
	q "SELECT m.ret_spelled || ' (' || coalesce((SELECT group_concat(type, ', ') FROM
	   (SELECT type FROM man_param WHERE proto_id = m.id ORDER BY idx)), 'void') || ')'
	   FROM man_proto m JOIN man_page p ON p.id = m.page_id
	   WHERE p.scan_id = $SCAN AND m.name = '$1' AND m.parsed = 1 ORDER BY m.id LIMIT 1"
}
expect_eq gettid "pid_t (void)" "$(sig gettid)"
expect_eq "gettid canonical" "int|0|0" "$(q "SELECT m.ret || '|' || m.nparams || '|' || m.variadic FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND m.name = 'gettid'")"
expect_eq finit_module "int (int, const char *, int)" "$(sig finit_module)"
expect_eq "finit_module via syscall()" "1|SYS_finit_module" "$(q "SELECT via_syscall || '|' || sys_name FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND m.name = 'finit_module'")"
expect_eq "kcmp params" 5 "$(q "SELECT nparams FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND m.name = 'kcmp'")"
expect_eq "read: void buf[.count] is void *" "ssize_t (int, void *, unsigned long)" "$(sig read)"
expect_eq "read param names" "fd buf count" "$(q "SELECT group_concat(name, ' ') FROM (SELECT mp.name FROM man_param mp JOIN man_proto m ON m.id = mp.proto_id JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND m.name = 'read' ORDER BY mp.idx)")"
expect_eq "open variants" "2:0 3:0" "$(q "SELECT group_concat(nparams || ':' || variadic, ' ') FROM (SELECT m.nparams, m.variadic FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND m.name = 'open' ORDER BY m.id)")"
expect_eq "clone is variadic" 1 "$(q "SELECT variadic FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND m.name = 'clone' AND m.via_syscall = 0")"
# ioctl request forms (a constant where a parameter goes) are kept unparsed
expect_eq "ioctl_fat forms unparsed" 0 "$(q "SELECT sum(parsed) FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND p.file = 'ioctl_fat.2.gz'")"
q "SELECT diag FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND p.file = 'add_key.2.gz'" | grep -q key_serial_t || fail "add_key diag"
ok
# agreement with the headers' declarations, per syscall of syscalls(2)
if [ "$(q "SELECT count(*) FROM decl WHERE scan_id = $SCAN")" -gt 0 ]; then
	q "WITH mp AS (SELECT m.id, m.name, m.ret, m.nparams, m.variadic,
	     (SELECT group_concat(type, ', ') FROM (SELECT type FROM man_param WHERE proto_id = m.id ORDER BY idx)) AS t
	     FROM man_proto m JOIN man_page p ON p.id = m.page_id
	     WHERE p.scan_id = $SCAN AND m.parsed = 1 AND m.via_syscall = 0),
	   dp AS (SELECT d.name, d.ret, d.nparams, d.variadic,
	     (SELECT group_concat(type, ', ') FROM (SELECT type FROM decl_param WHERE decl_id = d.id ORDER BY idx)) AS t
	     FROM decl d WHERE d.scan_id = $SCAN)
	   SELECT mp.name, CASE WHEN mp.ret = dp.ret AND mp.nparams = dp.nparams AND mp.variadic = dp.variadic
	     AND coalesce(mp.t, '') = coalesce(dp.t, '') THEN 'agree' ELSE 'differ' END,
	     mp.ret || ' (' || coalesce(mp.t, '') || ')' || CASE mp.variadic WHEN 1 THEN ' ...' ELSE '' END,
	     dp.ret || ' (' || coalesce(dp.t, '') || ')' || CASE dp.variadic WHEN 1 THEN ' ...' ELSE '' END
	   FROM mp JOIN dp ON dp.name = mp.name
	   WHERE mp.name IN (SELECT name FROM man_syscalls WHERE scan_id = $SCAN)" >"$T/cmp"
	agree=$(awk -F'|' '$2 == "agree" { print $1 }' "$T/cmp" | sort -u | wc -l)
	echo "syscalls whose page prototype agrees with the header: $agree"
	echo "page prototypes that differ from the header (man | header):"
	awk -F'|' '$2 == "differ" { print "  " $1 ": " $3 " | " $4 }' "$T/cmp"
	[ "$agree" -ge 40 ] || fail "only $agree syscalls agree with their header declaration"
	ok
	expect_eq "gettid agrees" agree "$(awk -F'|' '$1 == "gettid" { print $2 }' "$T/cmp")"
else
	echo "note: no decl rows (header scanner absent): agreement not checked"
fi
done_ok

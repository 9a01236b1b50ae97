#!/bin/bash
# examples.sh: every fenced example of README.md and docs/*.md is run by a
# test, or named here with the reason it is not. Blocks are found by their
# file and first line: a new or changed block fails until it is placed.
#   - run here: README's main command (it writes build/reports/, not the
#     checkout's published reports/), README's usage lines, report.md's jq
#     queries (Debian 12's jq 1.6);
#   - run elsewhere: db.md's sqlite3 queries (dbdoc.sh), the C example of
#     README and gen.md (example.sh);
#   - not run: what installs packages, runs the whole suite, the benchmarks,
#     a fuzz build, or needs Debian's mirror; a synopsis and a JSON sketch.
# Prints the counts: the figure docs/ and the lead's notes quote.
. "$SRCDIR/tests/lib.sh"
unset SYSCOV_DB
mkdir "$T/blocks"
# one file per block: its first line "FILE:LINE", then the block's text
for f in "$SRCDIR/README.md" "$SRCDIR"/docs/*.md; do
	rel=${f#"$SRCDIR"/}
	awk -v f="$rel" -v p="$T/blocks/${rel//\//_}" '
		/^```/ && !inb { inb = 1; n++; out = sprintf("%s.%03d", p, n); print f ":" NR > out; next }
		/^```/ && inb { inb = 0; close(out); next }
		inb { print > out }' "$f"
done
total=0 here=0 elsewhere=0 excused=0
cross=/usr/aarch64-linux-gnu
mkdir "$T/run"
for b in "$T"/blocks/*; do
	total=$((total + 1))
	where=$(head -1 "$b")
	first=$(sed -n 2p "$b")
	case "${where%%:*}|$first" in
	"README.md|./scripts/install-deps.sh && cmake"*)
		# the build is this test's; the audit, in a checkout: build/, never reports/
		cmd=$(sed -n 2p "$b" | sed 's/.*&& \.\/build\/syscov /syscov /')
		case $cmd in "syscov "*) ;; *) fail "$where: no ./build/syscov command: $first" ;; esac
		mkdir -p "$T/checkout/reports/host-x86_64" "$T/checkout/build"
		echo published >"$T/checkout/reports/host-x86_64/index.html"
		(cd "$T/checkout" && eval "\"\$SYSCOV\" ${cmd#syscov }") >"$T/out" 2>"$T/err" ||
			fail "$where: $cmd: $(cat "$T/err")"
		expect_eq "$where: the published report" published "$(cat "$T/checkout/reports/host-x86_64/index.html")"
		ls "$T"/checkout/build/reports/host-*/index.html >/dev/null || fail "$where: no build/reports/"
		grep -q "created the database build/syscov.db" "$T/err" || fail "$where: the DB is not named: $(cat "$T/err")"
		here=$((here + 1)) ;;
	"README.md|./scripts/install-deps.sh && ./scripts/test.sh"*)
		excused=$((excused + 1)) ;; # the whole suite: what CI runs
	"README.md|syscov audit /  "*)
		# the usage lines, each as typed (the description cut), in one dir
		[ -d "$cross" ] || fail "$cross missing (scripts/install-deps.sh)"
		sed '1d; s/  .*//' "$b" >"$T/usage"
		while read -r line; do
			rc=0
			(cd "$T/run" && eval "\"\$SYSCOV\" ${line#syscov }") >"$T/out" 2>"$T/err" || rc=$?
			want=0
			case $line in
			*--fail-on*) # exit 1 iff a needed syscall is missing, as it says
				n=$(sqlite3 "$T/run/syscov.db" "SELECT count(*) FROM verdict v JOIN scan s ON s.id = v.scan_id
					WHERE s.label = 'host-x86_64' AND v.class = 'missing' AND v.name IN ('pidfd_open', 'kcmp')")
				[ "$n" -gt 0 ] && want=1 ;;
			esac
			expect_eq "$where: '$line' exit ($(head -c 300 "$T/err"))" "$want" "$rc"
			case $line in
			"syscov show "*) grep -q '^verdict$' "$T/out" || fail "$line: no verdict" ;;
			"syscov diff "*) [ -s "$T/out" ] || fail "$line: prints nothing" ;;
			esac
		done <"$T/usage"
		here=$((here + 1)) ;;
	"README.md|scripts/release-sysroot.sh -c rel")
		excused=$((excused + 1)) ;; # Debian's mirror and minutes: tests/timeline/release.sh
	"README.md|#include \"syscov_wrappers.h\""*|"docs/gen.md|#include \"syscov_wrappers.h\""*)
		elsewhere=$((elsewhere + 1)) ;; # example.sh compiles and runs it
	*"|scripts/bench.sh "*) # README's or docs/performance.md's
		excused=$((excused + 1)) ;; # benchmarks: minutes of runs
	"docs/db.md|"*)
		elsewhere=$((elsewhere + 1)) ;; # dbdoc.sh runs every sql block in sqlite3
	"docs/hardening.md|cmake -S . -B build-fuzz"*)
		excused=$((excused + 1)) ;; # a clang fuzzing build
	"docs/report.md|syscov report [--scan"*)
		excused=$((excused + 1)) ;; # a synopsis (sync.sh checks its options)
	"docs/report.md|{")
		excused=$((excused + 1)) ;; # the JSON's sketch: tests/report validates the schema
	"docs/report.md|jq '.scans[]"*)
		# two scans: matrix/ exists; report.json of one scan dir
		[ -f "$T/run/reports/matrix/report.json" ] || "$SYSCOV" audit -q --db "$T/run/syscov.db" -o "$T/run/reports" / "$cross" >/dev/null
		# a query spans lines until its quotes close
		awk -v t="$T" 'NR > 1 { buf = buf (buf ? "\n" : "") $0
			if (gsub(/\047/, "\047", buf) % 2 == 0) { print buf > (t "/jq." ++n); buf = "" } }' "$b"
		for q in "$T"/jq.*; do
			# reports/...: from where audit ran; a bare report.json: in a scan's dir
			dir=$T/run
			grep -q ' reports/' "$q" || dir=$T/run/reports/host-x86_64
			(cd "$dir" && sh "$q") >"$T/out" 2>"$T/err" || fail "$where: $(cat "$q"): $(cat "$T/err")"
			[ -s "$T/out" ] || fail "$where: $(cat "$q"): no output"
			ok
			rm "$q"
		done
		here=$((here + 1)) ;;
	"docs/usage.md|syscov usage [SYSROOT"*)
		excused=$((excused + 1)) ;; # a synopsis (--deb fetches from the mirror): tests/usage/ runs the command
	"docs/usage.md|# one shard per "*)
		excused=$((excused + 1)) ;; # a recipe across hosts (GNU parallel, ssh)
	"docs/usage.md|apiVersion: batch/v1")
		excused=$((excused + 1)) ;; # a Kubernetes Job manifest: needs a cluster
	*)
		fail "$where: a fenced block no test runs nor excuses (tests/polish/examples.sh): $first" ;;
	esac
	ok
done
echo "fenced examples: $total; run here: $here; run by another test: $elsewhere; not run: $excused"
[ $((here + elsewhere + excused)) = "$total" ] || fail "counts"
done_ok

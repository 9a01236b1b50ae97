/* This file contains the util-linux client of tests/gen/clients.sh: util-linux
 * 2.38.1's schedutils/sched_attr.h with its sched_setattr()/sched_getattr()
 * wrappers cut out (its struct sched_attr stays), so the calls chrt makes go
 * to syscov's plain names, and kcmp() as misc-utils/lsfd.c calls it
 * (KCMP_FS, KCMP_VM, KCMP_FILES; clients.sh compiles lsfd.c, which needs
 * more of util-linux to link), each against syscall(). ionice, the other
 * client, is the project's own program (clients.sh runs it). */
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/kcmp.h>
#include "sched_attr.h"
#include "clients.h"

int main(void)
{
	pid_t me = getpid();
	static const int types[] = { KCMP_FS, KCMP_VM, KCMP_FILES };
	for (unsigned i = 0; i < sizeof types / sizeof types[0]; i++)
		agree("kcmp self", neg(kcmp(me, me, types[i], 0, 0)),
		      neg(syscall(SYS_kcmp, me, me, types[i], 0, 0)));
	agree("kcmp bad type", neg(kcmp(me, me, 99, 0, 0)), neg(syscall(SYS_kcmp, me, me, 99, 0, 0)));

	/* chrt's calls: sched_getattr(pid, &sa, sizeof(sa), 0), then
	 * sched_setattr(pid, &sa, 0) with the same policy */
	struct sched_attr sa, sb;
	memset(&sa, 0, sizeof sa);
	memset(&sb, 0, sizeof sb);
	agree("sched_getattr", neg(sched_getattr(0, &sa, sizeof sa, 0)),
	      neg(syscall(SYS_sched_getattr, 0, &sb, sizeof sb, 0)));
	agree("sched_getattr policy", sa.sched_policy, sb.sched_policy);
	agree("sched_getattr nice", sa.sched_nice, sb.sched_nice);
	agree("sched_setattr same", neg(sched_setattr(0, &sa, 0)),
	      neg(syscall(SYS_sched_setattr, 0, &sb, 0)));
	agree("sched_getattr small size", neg(sched_getattr(0, &sa, 8, 0)),
	      neg(syscall(SYS_sched_getattr, 0, &sb, 8, 0)));
	return clients_done();
}

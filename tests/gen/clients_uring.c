/* This file contains the liburing client of tests/gen/clients.sh: it links
 * liburing 2.3's own setup.c, register.c, queue.c and syscall.c, built with
 * their __sys_io_uring_setup/register/enter replaced by syscov_sys_*, and
 * checks what io_uring_queue_init(), io_uring_register_probe(),
 * io_uring_submit_and_wait() and liburing's io_uring_setup/register/enter
 * give against the same calls through syscall() (liburing's convention:
 * -errno). Under qemu-user without io_uring both sides give -ENOSYS. */
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "clients.h"

int main(void)
{
	struct io_uring ring;
	struct io_uring_params p, q;
	int r = io_uring_queue_init(4, &ring, 0);
	memset(&q, 0, sizeof q);
	long fd = neg(syscall(SYS_io_uring_setup, 4, &q));
	agree("io_uring_queue_init", r < 0 ? r : 0, fd < 0 ? fd : 0);
	if (r == 0 && fd >= 0) {
		agree("features", ring.features, q.features);
		struct io_uring_probe *a = io_uring_get_probe_ring(&ring);
		struct io_uring_probe *b = calloc(1, sizeof *b + 256 * sizeof b->ops[0]);
		long rb = neg(syscall(SYS_io_uring_register, fd, IORING_REGISTER_PROBE, b, 256));
		agree("io_uring_register probe", a ? 0 : -1, rb < 0 ? -1 : 0);
		if (a && rb == 0)
			agree("probe last_op", a->last_op, b->last_op);
		io_uring_free_probe(a);
		free(b);
		struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);
		io_uring_prep_nop(sqe);
		sqe->user_data = 42;
		agree("io_uring_enter submit nop", io_uring_submit_and_wait(&ring, 1), 1);
		struct io_uring_cqe *cqe = NULL;
		agree("nop completion", io_uring_peek_cqe(&ring, &cqe) == 0 && cqe->user_data == 42 &&
					cqe->res == 0, 1);
		agree("io_uring_enter idle", io_uring_enter(ring.ring_fd, 0, 0, 0, NULL),
		      neg(syscall(SYS_io_uring_enter, fd, 0, 0, 0, NULL, 8)));
		io_uring_queue_exit(&ring);
		close(fd);
	}
	agree("io_uring_setup(0)", io_uring_setup(0, &p), neg(syscall(SYS_io_uring_setup, 0, &p)));
	agree("io_uring_register(-1)", io_uring_register(-1, IORING_REGISTER_PROBE, NULL, 0),
	      neg(syscall(SYS_io_uring_register, -1, IORING_REGISTER_PROBE, NULL, 0)));
	agree("io_uring_enter(-1)", io_uring_enter(-1, 0, 0, 0, NULL),
	      neg(syscall(SYS_io_uring_enter, -1, 0, 0, 0, NULL, 8)));
	return clients_done();
}

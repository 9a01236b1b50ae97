asmlinkage long sys_io_uring_setup(u32 entries /* */ EVIL_AFTER, struct io_uring_params __user *p);
asmlinkage long sys_add_key(const char __user *_type, const char "*/ EVIL_STRING" __user *_description,
			    const void __user *_payload, size_t plen, key_serial_t destringid);
asmlinkage long sys_request_key(EVIL_TYPEDEF a, int b);
asmlinkage long sys_futex_waitv(struct futex_waitv __user *waiters, void (*EVIL_FNPTR)(void), int x);
asmlinkage long sys_quotactl_fd(unsigned int fd, unsigned int cmd, qid_t id, void *a) __attribute__((EVIL_ATTR));
#define sys_io_uring_enter(x) EVIL_MACRO
asmlinkage long sys_set_mempolicy_home_node(unsigned long start, unsigned long len,
		unsigned long home_node, unsigned long flags);

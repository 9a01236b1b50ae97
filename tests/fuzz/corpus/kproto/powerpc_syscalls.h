 */

#ifndef CONFIG_ARCH_HAS_SYSCALL_WRAPPER

long sys_rtas(struct rtas_args __user *uargs);

#ifdef CONFIG_PPC64
long sys_ppc64_personality(unsigned long personality);
#ifdef CONFIG_COMPAT
long compat_sys_ppc64_personality(unsigned long personality);
#endif /* CONFIG_COMPAT */
#endif /* CONFIG_PPC64 */

long sys_swapcontext(struct ucontext __user *old_ctx,
		     struct ucontext __user *new_ctx, long ctx_size);
long sys_mmap(unsigned long addr, size_t len,
	      unsigned long prot, unsigned long flags,
	      unsigned long fd, off_t offset);
long sys_mmap2(unsigned long addr, size_t len,
	       unsigned long prot, unsigned long flags,
	       unsigned long fd, unsigned long pgoff);

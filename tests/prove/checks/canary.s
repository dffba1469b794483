# A hand-written f(b, w, s, e) for the x86 model's own test of the stack
# protector (tests/prove.bats, tests/prove/checks/x86check.py --each), as
# gcc -O0 -fstack-protector-strong writes a function with a local char
# t[8]: the canary (fs:0x28) copied to -8(%rbp) in the prologue, compared
# in the epilogue, __stack_chk_fail called when it changed.  t[0] = s;
# when e is 8, t[8] = s (the canary's lowest byte: changed unless s's is
# the canary's own); when e is 9, t[9] = 1; the result t[0] + w[0].
# Not the golf: only the model's meaning of the protector is tested here.
	.text
	.globl	f
	.type	f, @function
f:
	push	%rbp
	mov	%rsp, %rbp
	sub	$48, %rsp
	mov	%rdi, -40(%rbp)
	mov	%rsi, -48(%rbp)
	mov	%edx, -20(%rbp)
	mov	%ecx, -24(%rbp)
	mov	%fs:0x28, %rax
	mov	%rax, -8(%rbp)
	xor	%eax, %eax
	mov	-20(%rbp), %eax
	mov	%al, -16(%rbp)
	cmpl	$8, -24(%rbp)
	jne	1f
	mov	-20(%rbp), %eax
	mov	%al, -8(%rbp)
1:	cmpl	$9, -24(%rbp)
	jne	2f
	movb	$1, -7(%rbp)
2:	movsbl	-16(%rbp), %eax
	mov	-48(%rbp), %rdx
	add	(%rdx), %eax
	mov	-8(%rbp), %rdx
	sub	%fs:0x28, %rdx
	je	3f
	call	__stack_chk_fail@PLT
3:	leave
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits

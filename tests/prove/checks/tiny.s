# A hand-written f(b, w, s, e) for the x86 model's own test (tests/prove.bats,
# tests/prove/checks/x86check.py): every condition code after cmp, add, sub, neg,
# imul and the shifts, 8-, 32- and 64-bit writes, cmov both ways, lea with an
# index, push and pop, a loop over a list, a list read by index (lea with
# no base, a pointer plus a number); the flags packed into the result.
# Not the golf: only the model's meaning of each instruction is tested here.
	.text
	.globl	f
	.type	f, @function
f:
	push	%rbx
	push	%rbp
	xor	%ebx, %ebx
	xor	%eax, %eax
	# the sum and count of the black list, read to its 0
	xor	%r11d, %r11d
	xor	%ebp, %ebp
1:	mov	(%rdi), %r8d
	test	%r8d, %r8d
	je	2f
	add	%r8d, %r11d
	inc	%ebp
	add	$4, %rdi
	jmp	1b
2:	mov	(%rsi), %r9d
	# s - e: every condition
	cmp	%ecx, %edx
	.irp	c, e, ne, s, ns, l, ge, le, g, b, ae, be, a, o, no
	set\c	%al
	shl	$1, %ebx
	or	%al, %bl
	.endr
	# s + e (32 bits)
	mov	%edx, %r10d
	add	%ecx, %r10d
	.irp	c, o, b, s, e, l, a
	set\c	%al
	shl	$1, %ebx
	or	%al, %bl
	.endr
	# 64 bits: sext(s) * sext(e) - (e << 40), shifted by cl, cmov
	movslq	%edx, %rax
	movslq	%ecx, %r10
	imul	%r10, %rax
	seto	%r8b
	movzbl	%r8b, %r8d
	add	%r8d, %ebx
	mov	%r10, %r8
	shl	$40, %r8
	sub	%r8, %rax
	setg	%r8b
	sets	%r9b
	xor	%r9b, %r8b
	movzbl	%r8b, %r8d
	xor	%r8d, %ebx
	mov	%rax, %r8
	sar	%cl, %r8
	shr	%cl, %rax
	xor	%r8, %rax
	cmp	%r11, %rax
	cmovl	%r11, %rax
	mov	%rax, %r8
	shr	$32, %r8
	xor	%r8d, %eax
	imul	$40503, %eax, %eax
	xor	%eax, %ebx
	# neg, not, dec, the one-bit and immediate shifts and their CF and OF
	mov	%edx, %r8d
	neg	%r8d
	seto	%al
	setb	%r9b
	add	%al, %r9b
	sar	$1, %r8d
	setb	%al
	add	%al, %r9b
	shl	$1, %r8d
	seto	%al
	add	%al, %r9b
	shr	$3, %r8d
	setb	%al
	add	%al, %r9b
	not	%r8d
	dec	%r8d
	sete	%al
	add	%al, %r9b
	movsbl	%r9b, %r9d
	imul	$7, %r9d, %r9d
	add	%r9d, %ebx
	# lea with an index, cmov of 32 bits (zeroes the upper half either way)
	lea	7(%rbp,%r11,4), %r10d
	cmp	$5, %ebp
	cmovge	%edx, %r10d
	cmovl	%r10d, %r10d
	add	%r10d, %ebx
	# the white list read again by index, as gcc -O0 reads w[i]: the index
	# scaled by lea with no base register, then a list pointer plus a
	# number, both ways round
	xor	%r10d, %r10d
3:	movslq	%r10d, %rax
	lea	0(,%rax,4), %rdx
	mov	%rsi, %rcx
	add	%rdx, %rcx
	mov	(%rcx), %r8d
	test	%r8d, %r8d
	je	4f
	mov	%rsi, %r9
	add	%r9, %rdx
	mov	(%rdx), %r9d
	lea	-3(,%r9,8), %eax
	imul	$5, %ebx, %ebx
	xor	%eax, %ebx
	lea	(,%r10d,2), %eax
	add	%r8d, %eax
	add	%eax, %ebx
	inc	%r10d
	jmp	3b
4:	mov	%ebx, %eax
	pop	%rbp
	pop	%rbx
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits

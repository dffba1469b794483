# A hand-written f(b, w, s, e) for the x86 model's test of gcc's call forms
# (tests/prove.bats, tests/prove/checks/x86check.py), as gcc -O0 and -O2 write them:
# a frame on rbp torn down by leave; the list pointers kept in stack slots
# and stepped there (addq, subq of a constant on the slot); a call of f
# itself (rel32 through a relocation, as gcc writes a call of a global f),
# a call of a static helper (rel32, no relocation) that saves rbx and has a
# frame of its own, and a jmp to a helper's start as a tail call.  Not the
# golf: only the model's meaning of each instruction is tested here.
	.text
	.globl	f
	.type	f, @function
f:
	push	%rbp
	mov	%rsp, %rbp
	sub	$32, %rsp
	mov	%rdi, -8(%rbp)		# b, stepped in its slot
	mov	%rsi, -16(%rbp)		# w
	mov	%edx, -20(%rbp)		# s
	mov	%ecx, -24(%rbp)		# e
	movl	$0, -28(%rbp)		# acc
	# acc = acc * 3 + each black square, to the list's 0
.Lsum:
	mov	-8(%rbp), %rax
	mov	(%rax), %eax
	test	%eax, %eax
	je	.Lsummed
	imul	$3, -28(%rbp), %edx
	add	%eax, %edx
	mov	%edx, -28(%rbp)
	addq	$4, -8(%rbp)
	jmp	.Lsum
.Lsummed:
	# w stepped on by two and back by one: acc ^= w[1] (the white list has
	# a square, so w[1] is a square or its 0)
	addq	$8, -16(%rbp)
	subq	$4, -16(%rbp)
	mov	-16(%rbp), %rax
	mov	(%rax), %eax
	xor	%eax, -28(%rbp)
	# acc += 5 * f(b at its 0, w, s - 1, e) while s - 1 is 0 to 3
	mov	-20(%rbp), %edx
	sub	$1, %edx
	cmp	$3, %edx
	ja	.Lnorec
	mov	-16(%rbp), %rsi
	sub	$4, %rsi
	mov	-8(%rbp), %rdi
	mov	-24(%rbp), %ecx
	call	f
	imul	$5, %eax, %eax
	add	%eax, -28(%rbp)
.Lnorec:
	# acc = g(acc, e)
	mov	-24(%rbp), %esi
	mov	-28(%rbp), %edi
	call	g
	mov	%eax, -28(%rbp)
	# e odd: the result is h(acc, s), a tail call; else acc
	testb	$1, -24(%rbp)
	je	.Lret
	mov	-20(%rbp), %esi
	mov	-28(%rbp), %edi
	leave
	{disp32} jmp h		# rel32, as gcc writes a tail call
.Lret:
	mov	-28(%rbp), %eax
	leave
	ret
	.size	f, .-f

	# g(acc, e) = acc * e + (acc >> 3)
	.type	g, @function
g:
	push	%rbp
	mov	%rsp, %rbp
	push	%rbx
	mov	%edi, %ebx
	imul	%esi, %ebx
	sar	$3, %edi
	lea	(%rbx,%rdi), %eax
	mov	-8(%rbp), %rbx
	leave
	ret
	.size	g, .-g

	# h(acc, s) = acc - 7 * s
	.type	h, @function
h:
	imul	$7, %esi, %esi
	mov	%edi, %eax
	sub	%esi, %eax
	ret
	.size	h, .-h
	.section .note.GNU-stack,"",@progbits

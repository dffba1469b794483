# A hand-written f(b, w, s, e) for the x86 model's test of what compilers
# emit for golfers' tables and helpers (tests/prove.bats,
# tests/prove/checks/x86check.py), as gcc writes them:
# - read-only data read through rip-relative addresses: a string literal in
#   a mergeable string section indexed by a number, bytes of a plain
#   .rodata, a 16-byte constant of a mergeable constant section moved
#   through an xmm register;
# - switch's jump tables: gcc -O0's idiom (the entry read by index, then
#   cltq, the table's address added, jmp) and gcc -O2's (the table's
#   address kept in a saved register, movslq, add, jmp);
# - a local array indexed by a number (-O0's [rbp + rax - 32]), and walked
#   by a pointer to its end (-O2's loop: cmp of two stack addresses);
# - pxor, movaps, movups, movq; bt, btc, bts, btr; shrd and shld;
# - calls of static helpers: one that takes one argument and returns a
#   char (leftover rdx and rcx are no arguments of it), whose registers
#   untouched keep the caller's values across the call (r9, rsi, xmm2), and
#   one that returns a long, used whole.
# Not the golf: only the model's meaning of each instruction is tested.
	.section .rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string "abcdefghijklmnopq"
.LC1:
	.string "XYZ"
	.section .rodata.cst16,"aM",@progbits,16
	.p2align 4
.LC2:
	.quad 0x0123456789abcdef, 0x1122334455667788
	.section .rodata
	.p2align 2
.Ltab:
	.long .Lc0-.Ltab
	.long .Lc1-.Ltab
	.long .Lc2-.Ltab
	.long .Lc3-.Ltab
.Ltab2:
	.long .Ld0-.Ltab2
	.long .Ld1-.Ltab2
.Lplain:
	.byte 3, 1, 4, 1, 5, 9, 2, 6
	.text
	.type	g1, @function
g1:					# char g1(int n): "abc..."[n & 15] ^ n, touches rax, rdx, rcx only
	mov	%edi, %eax
	and	$15, %eax
	lea	.LC0(%rip), %rdx
	movzbl	(%rdx,%rax), %ecx
	xor	%edi, %ecx
	mov	%ecx, %eax
	ret
	.size	g1, .-g1
	.type	g2, @function
g2:					# long g2(long x, int k): x shifted right by k & 63, its bit 63 set
	mov	%esi, %ecx
	mov	%rdi, %rax
	shr	%cl, %rax
	bts	$63, %rax
	ret
	.size	g2, .-g2
	.globl	f
	.type	f, @function
f:
	push	%rbp
	mov	%rsp, %rbp
	push	%rbx
	push	%r12
	sub	$64, %rsp			# locals from rbp-80 up to rbp-16
	mov	%ecx, %r8d			# e
	mov	%edx, %r10d			# s
	lea	.Ltab2(%rip), %r12		# gcc -O2: a table's address kept in a saved register
	# acc = "abcdefghijklmnopq"[s & 15]
	mov	%edx, %eax
	and	$15, %eax
	lea	.LC0(%rip), %rcx
	movzbl	(%rcx,%rax), %ebx
	# acc += .Lplain[e & 7], gcc -O0's way: index in rdx, table in rax
	mov	%r8d, %eax
	and	$7, %eax
	lea	0(,%rax,1), %rdx
	lea	.Lplain(%rip), %rax
	movzbl	(%rdx,%rax), %eax
	add	%eax, %ebx
	# the first black square, if any, into acc
	mov	(%rdi), %eax
	xor	%eax, %ebx
	# switch (e & 7) { case 0-3: ...; default: ... } by gcc -O0's jump table
	mov	%r8d, %eax
	and	$7, %eax
	cmp	$3, %eax
	ja	.Ldefault
	mov	%eax, %eax
	lea	0(,%rax,4), %rdx
	lea	.Ltab(%rip), %rax
	mov	(%rdx,%rax), %eax
	cltq
	lea	.Ltab(%rip), %rdx
	add	%rdx, %rax
	jmp	*%rax
.Lc0:
	add	$1, %ebx
	jmp	.Lafter
.Lc1:
	imul	$3, %ebx, %ebx
	jmp	.Lafter
.Lc2:
	xor	$0x55, %ebx
	jmp	.Lafter
.Lc3:
	sub	$7, %ebx
	jmp	.Lafter
.Ldefault:
	neg	%ebx
.Lafter:
	# switch (s & 1) by gcc -O2's: movslq, add, jmp through the saved register
	mov	%r8d, %eax
	xor	%ebx, %eax
	and	$1, %eax
	movslq	(%r12,%rax,4), %rax
	add	%r12, %rax
	jmp	*%rax
.Ld0:
	lea	9(%rbx), %ebx
	jmp	.Lafter2
.Ld1:
	shl	$2, %ebx
.Lafter2:
	# char a[8] = {0}; a[acc & 7] = 5; acc += a[e & 7]
	movq	$0, -32(%rbp)
	mov	%ebx, %eax
	and	$7, %eax
	cltq
	movb	$5, -32(%rbp,%rax,1)
	mov	%r8d, %eax
	and	$7, %eax
	cltq
	movzbl	-32(%rbp,%rax,1), %eax
	add	%eax, %ebx
	# a 16-byte constant copied to the stack, 16 zero bytes after it, one
	# byte of the 32 read by index
	movdqa	.LC2(%rip), %xmm0
	movaps	%xmm0, -80(%rbp)
	pxor	%xmm1, %xmm1
	movups	%xmm1, -64(%rbp)
	mov	%r10d, %eax
	and	$31, %eax
	cltq
	movzbl	-80(%rbp,%rax,1), %eax
	xor	%eax, %ebx
	movq	-72(%rbp), %xmm2		# kept in xmm2 across the calls below
	# the walk: acc += each byte of a[0..7], the pointer to the end
	lea	-32(%rbp), %rcx
	lea	-24(%rbp), %r9
.Lwalk:
	movzbl	(%rcx), %eax
	add	%eax, %ebx
	add	$1, %rcx
	cmp	%r9, %rcx
	jne	.Lwalk
	# r9 = acc * 5, kept across g1 (g1 leaves r9 alone)
	imul	$5, %ebx, %r9d
	mov	%ebx, %edi
	mov	%r8d, %edx			# a leftover in edx: no argument of g1
	call	g1
	movsbl	%al, %eax
	add	%eax, %ebx
	add	%r9d, %ebx
	mov	(%rsi), %eax			# w[0]: rsi untouched by g1
	add	%eax, %ebx
	movq	%xmm2, %rax			# xmm2 untouched by g1
	xor	%eax, %ebx
	shr	$32, %rax
	add	%eax, %ebx
	# g2(the constant's high half, e): a long, used whole
	mov	-72(%rbp), %rdi
	mov	%r8d, %esi
	call	g2
	mov	%rax, %rdx
	shr	$33, %rdx
	xor	%edx, %ebx
	add	%eax, %ebx
	# bits: btc by e, bt by s, bts and btr by immediates; shrd and shld by cl
	movabs	$0x0f0f0f0f0f0f0f0f, %rax
	mov	%r8d, %ecx
	btc	%rcx, %rax
	bts	$40, %rax
	btr	$1, %rax
	mov	%ebx, %edx
	bt	%rdx, %rax
	setc	%dl
	movzbl	%dl, %edx
	add	%edx, %ebx
	mov	%rax, %rdx
	shrd	%cl, %rbx, %rax
	shld	$7, %rdx, %rbx
	xor	%eax, %ebx
	mov	%ebx, %eax
	add	$64, %rsp
	pop	%r12
	pop	%rbx
	pop	%rbp
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits

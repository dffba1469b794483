# A hand-written f(b, w, s, e) for the x86 model's test of a static array
# (rodata.py's mutable data, blockops.py; tests/prove.bats, x86check.py),
# as gcc writes it: a call of memset with a place in .bss (gcc -O0's
# memset(a, 0, sizeof a) on a static a) and a store through the pointer it
# returns, movaps of zeros (gcc -O2's clearing), a store of an immediate
# after the displacement, rep stosl and stosb, memcpy from read-only data,
# a store at an index, then bytes read back by index (e & 127, s >> 8 &
# 127, s >> 16 & 127).  Every byte read back is written first in the call:
# the model starts the array unknown (what earlier calls left).  Not the
# golf: only the model's meaning of each instruction is tested.
	.section .rodata
	.p2align 3
.Ltab:
	.quad 0x0102030405060708, -2, 0x7f80ff00aa55cc33, 12345
	.bss
	.p2align 5
buf:
	.zero 192
	.text
	.globl	f
	.type	f, @function
f:
	push	%rbp
	mov	%rsp, %rbp
	sub	$16, %rsp
	mov	%edx, -8(%rbp)
	mov	%ecx, -4(%rbp)
	# memset(buf, s, 160)
	lea	buf(%rip), %rdi
	mov	$160, %edx
	mov	-8(%rbp), %esi
	call	memset@PLT
	# through the pointer memset returns: buf[3] = e
	mov	-4(%rbp), %ecx
	movb	%cl, 3(%rax)
	# zeros at buf + 64 .. buf + 96
	pxor	%xmm0, %xmm0
	movaps	%xmm0, buf+64(%rip)
	movaps	%xmm0, buf+80(%rip)
	# an immediate after the displacement: buf + 8 = 0x11223344
	movl	$0x11223344, buf+8(%rip)
	# rep stosl: e in 4 ints at buf + 20
	mov	-4(%rbp), %eax
	lea	buf+20(%rip), %rdi
	mov	$4, %ecx
	rep stosl
	# rep stosb: s >> 3 in 3 bytes after them (rdi where stos left it)
	mov	-8(%rbp), %eax
	shr	$3, %eax
	mov	$3, %ecx
	rep stosb
	# memcpy(buf + 100, .Ltab, 27)
	lea	buf+100(%rip), %rdi
	lea	.Ltab(%rip), %rsi
	mov	$27, %edx
	call	memcpy@PLT
	# buf[40 + (s & 15)] = e >> 8
	mov	-8(%rbp), %eax
	and	$15, %eax
	cltq
	lea	buf(%rip), %rdx
	mov	-4(%rbp), %ecx
	shr	$8, %ecx
	movb	%cl, 40(%rdx,%rax)
	# the result: buf[e & 127] * 256 + buf[s >> 8 & 127] + buf[s >> 16 & 127] * 65536
	mov	-4(%rbp), %eax
	and	$127, %eax
	cltq
	movzbl	(%rdx,%rax), %ecx
	shl	$8, %ecx
	mov	-8(%rbp), %eax
	shr	$8, %eax
	and	$127, %eax
	cltq
	movzbl	(%rdx,%rax), %eax
	add	%ecx, %eax
	mov	-8(%rbp), %ecx
	shr	$16, %ecx
	and	$127, %ecx
	movslq	%ecx, %rcx
	movzbl	(%rdx,%rcx), %ecx
	shl	$16, %ecx
	add	%ecx, %eax
	leave
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits

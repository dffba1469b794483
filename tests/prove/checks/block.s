# A hand-written f(b, w, s, e) for the x86 model's test of gcc's block fills
# and copies (blockops.py; tests/prove.bats, x86check.py), as gcc writes
# them: calls of the C library's memset and memcpy (PLT32 relocations to
# the undefined names; gcc -O0's memset(a, 0, sizeof a), a large array's
# zeroing), rep stosq/stosl/stosb and rep movsq/movsb, from the stack and
# from read-only data (a local table's initializer, a string literal),
# over each other, then bytes of the frame read back by index (32 + (e &
# 127), s >> 8 & 127) and through the pointer memset returns.  Not the golf:
# only the model's meaning of each instruction is tested.
	.section .rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string "abcdefghijklmnopqrstuvwxyz0123456789"
	.section .rodata
	.p2align 3
.Ltab:
	.quad 0x0102030405060708, -2, 0x7f80ff00aa55cc33, 12345, -6789
	.text
	.globl	f
	.type	f, @function
f:
	push	%rbp
	mov	%rsp, %rbp
	sub	$176, %rsp			# a 160-byte array at rbp-176, s and e at rbp-8, rbp-4
	mov	%edx, -8(%rbp)
	mov	%ecx, -4(%rbp)
	# memset(a, s, 160): the value's low byte, the rest of esi ignored
	lea	-176(%rbp), %rax
	mov	$160, %edx
	mov	-8(%rbp), %esi
	mov	%rax, %rdi
	call	memset@PLT
	# through the pointer memset returns: a[1] = 7
	movb	$7, 1(%rax)
	# memcpy(a + 40, .Ltab, 37): a table of read-only data, not whole quadwords
	lea	-136(%rbp), %rdi
	lea	.Ltab(%rip), %rsi
	mov	$37, %edx
	call	memcpy@PLT
	# rep stosl: e in 5 ints at a + 13
	mov	-4(%rbp), %eax
	lea	-163(%rbp), %rdi
	mov	$5, %ecx
	rep stosl
	# rep stosb: s >> 3 in 3 bytes after them (rdi where stos left it)
	mov	-8(%rbp), %eax
	shr	$3, %eax
	mov	$3, %ecx
	rep stosb
	# rep stosq: 0, two quadwords at a + 112
	xor	%eax, %eax
	lea	-64(%rbp), %rdi
	mov	$2, %ecx
	rep stosq
	# rep movsq from read-only data, then on with movsb from where it left
	# rsi and rdi: 4 quadwords of .Ltab to a + 80, then 5 bytes
	lea	.Ltab(%rip), %rsi
	lea	-96(%rbp), %rdi
	movl	$4, %ecx
	rep movsq
	mov	$5, %ecx
	rep movsb
	# rep movsb from a string literal, 20 bytes to a + 20
	lea	.LC0(%rip), %rsi
	lea	-156(%rbp), %rdi
	mov	$20, %ecx
	rep movsb
	# rep movsq over itself: a + 0 .. a + 24 to a + 8 (each quadword the one before)
	lea	-176(%rbp), %rsi
	lea	-168(%rbp), %rdi
	mov	$3, %ecx
	rep movsq
	# memcpy(a + 128, a + 13, 27): stack to stack
	lea	-163(%rbp), %rsi
	lea	-48(%rbp), %rdi
	mov	$27, %edx
	call	memcpy@PLT
	# the result: a[32 + (e & 127)] * 256 + a[s >> 8 & 127] + a[64] * 65536
	mov	-4(%rbp), %eax
	and	$127, %eax
	cltq
	movzbl	-144(%rbp,%rax), %edx
	shl	$8, %edx
	mov	-8(%rbp), %eax
	shr	$8, %eax
	and	$127, %eax
	cltq
	movzbl	-176(%rbp,%rax), %eax
	add	%edx, %eax
	movzbl	-112(%rbp), %edx
	shl	$16, %edx
	add	%edx, %eax
	leave
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits

# A hand-written f(b, w, s, e) for the x86 model's test of libgcc's
# __popcountdi2 (libgcc.py; tests/prove.bats, x86check.py), called as gcc
# calls it for __builtin_popcount* without -mpopcnt: `call
# __popcountdi2@PLT` (a PLT32 relocation to the undefined name; linked with
# tiny_main.c, the linker binds it to libgcc.a's routine as in the site's
# program), the argument in rdi, the count in eax.  Three calls: all 64
# bits of (s << 32 | e), the first black square zero-extended (gcc's
# popcount of an int: mov edi, eax), and s sign-extended (a long).  Values
# kept across the calls in rbx and r12 (callee-saved, pushed first, as gcc
# -O2 keeps them) and in the frame; the result packs the three counts with
# them.  Not the golf: only the model's meaning of the call is tested.
	.text
	.globl	f
	.type	f, @function
f:
	push	%rbx
	push	%r12
	sub	$24, %rsp			# rsp 16-byte aligned at each call
	mov	(%rdi), %eax			# the first black square (0 if none)
	mov	%eax, 12(%rsp)
	mov	%edx, %ebx			# s, kept in rbx
	mov	%ecx, %r12d			# e, kept in r12
	# popcount(s << 32 | e): every bit of rdi counts
	mov	%edx, %edi
	shl	$32, %rdi
	mov	%ecx, %eax
	or	%rax, %rdi
	call	__popcountdi2@PLT
	mov	%eax, 8(%rsp)
	# popcount of the first black square, as an unsigned int
	mov	12(%rsp), %eax
	mov	%eax, %edi
	call	__popcountdi2@PLT
	shl	$8, %eax
	add	%eax, 8(%rsp)
	# popcount((long)s): the sign fills the upper half
	movslq	%ebx, %rdi
	call	__popcountdi2@PLT
	shl	$16, %eax
	add	8(%rsp), %eax
	# s and e from rbx and r12: unchanged across the calls
	lea	(%rbx,%r12), %edx
	and	$127, %edx
	shl	$24, %edx
	add	%edx, %eax
	add	$24, %rsp
	pop	%r12
	pop	%rbx
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits

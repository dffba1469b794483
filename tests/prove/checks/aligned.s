# A hand-written f(b, w, s, e) for the x86 model's test of an aligned move
# at a computed place of the stack (x86.check_aligned, sym_mem's
# @x86.stack.aligned; tests/prove.bats, x86check.py --each --faults), as
# gcc-16 -O0 clears a local int array: movaps at [rbp + rax - 48], rax =
# s & 24, so the place is a multiple of 16 when s & 8 is 0 and the
# processor faults otherwise; e stored there and read back.  Not the golf:
# only the model's meaning of the instruction is tested.
	.text
	.globl	f
	.type	f, @function
f:
	push	%rbp
	mov	%rsp, %rbp
	sub	$64, %rsp
	mov	%edx, %eax
	and	$24, %eax
	movd	%ecx, %xmm0
	movaps	%xmm0, -48(%rbp,%rax,1)
	mov	-48(%rbp,%rax,1), %eax
	leave
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits

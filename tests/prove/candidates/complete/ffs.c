/* btc.c's board with the end found by a scan that stops on
   __builtin_ffsl(M) == 0 (ffs of 0 is 0 in C: gcc's bsf, then a cmove of
   -1 where bsf saw a zero source, then + 1): each landing square's 1-based
   index compared with the end's, the lowest cleared by M&=M-1. */
f(b,w,s,e)int*b,*w;{long B=0,F=0x7fbfdfeffL,P=1L<<~-s*9/8,R,L,j=0,r=3,M,k;for(;*b;b++)B^=1L<<~-*b*9/8;for(;*w;w++)F^=1L<<~-*w*9/8;for(F&=~B;r--;P^=R*257|L*1025)j|=R=P>>8&B>>4&F,j|=L=P>>10&B>>5&F;for(M=j?P:(P>>4|P>>5)&F,r=0;k=__builtin_ffsl(M);M&=M-1)r|=k==~-e*9/8+1;return r;}

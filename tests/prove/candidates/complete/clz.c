/* btc.c's board with the end found by a scan from the top: the highest
   landing square's bit is 63-__builtin_clzl(M) (gcc: bsr, then xor 63),
   compared with the end's, then cleared. */
f(b,w,s,e)int*b,*w;{long B=0,F=0x7fbfdfeffL,P=1L<<~-s*9/8,R,L,j=0,r=3,M;for(;*b;b++)B^=1L<<~-*b*9/8;for(;*w;w++)F^=1L<<~-*w*9/8;for(F&=~B;r--;P^=R*257|L*1025)j|=R=P>>8&B>>4&F,j|=L=P>>10&B>>5&F;for(M=j?P:(P>>4|P>>5)&F,r=0;M;M^=1L<<63-__builtin_clzl(M))r|=63-__builtin_clzl(M)==~-e*9/8;return r;}

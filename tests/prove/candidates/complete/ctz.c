/* btc.c's board (square n is bit (n-1)*9/8) with the answer found by a
   scan: the squares the man may end on, lowest first by __builtin_ctzl
   (gcc: tzcnt, bsf on a processor without BMI1), each compared with the
   end's bit, the lowest cleared by M&=M-1. */
f(b,w,s,e)int*b,*w;{long B=0,F=0x7fbfdfeffL,P=1L<<~-s*9/8,R,L,j=0,r=3,M;for(;*b;b++)B^=1L<<~-*b*9/8;for(;*w;w++)F^=1L<<~-*w*9/8;for(F&=~B;r--;P^=R*257|L*1025)j|=R=P>>8&B>>4&F,j|=L=P>>10&B>>5&F;for(M=j?P:(P>>4|P>>5)&F,r=0;M;M&=M-1)r|=__builtin_ctzl(M)==~-e*9/8;return r;}

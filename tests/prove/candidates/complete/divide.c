/* btc.c's board read by rows: square n is row (n-1)/k and column (n-1)%k,
   k = 4 squares a row kept in a variable, as a golfer trying other widths
   keeps it (gcc -O0 divides by it: cdq and idiv for an int, cqo and idiv
   for a long, div for an unsigned long), its bit 9*row/2+column (rows 4.5
   bits apart: the bits of (n-1)*9/8). */
#define S(n)(1L<<~-n/k*9/2+~-n%k)
f(b,w,s,e)int*b,*w;{long k=4,B=0,F=0x7fbfdfeffL,P=1L<<~-s/(int)k*9/2+~-s%(int)k,R,L,j=0,r=3;for(;*b;b++)B^=S(*b);for(;*w;w++)F^=S(*w);for(F&=~B;r--;P^=R*257|L*1025)j|=R=P>>8&B>>4&F,j|=L=P>>10&B>>5&F;return(j?P:(P>>4|P>>5)&F)>>(unsigned long)~-e/k*9/2+(unsigned long)~-e%k&1;}

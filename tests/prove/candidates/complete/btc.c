/* The golf's board (square n is bit (n-1)*9/8: steps up are 4 and 5
   bits down, jumps 8 and 10, a step off a side lands on a bit that is never
   empty), the lists toggled in bit by bit (gcc -O2: btc), the chains
   followed a round a jump on whole masks: R*257 = R|R<<8 is a right
   landing with its jumper, L*1025 a left one. */
f(b,w,s,e)int*b,*w;{long B=0,F=0x7fbfdfeffL,P=1L<<~-s*9/8,R,L,j=0,r=3;for(;*b;b++)B^=1L<<~-*b*9/8;for(;*w;w++)F^=1L<<~-*w*9/8;for(F&=~B;r--;P^=R*257|L*1025)j|=R=P>>8&B>>4&F,j|=L=P>>10&B>>5&F;return(j?P:(P>>4|P>>5)&F)>>~-e*9/8&1;}
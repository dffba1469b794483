/* The golf's rounds as a tail-recursive helper on whole masks: g returns
   where the chains from the men of P end (square n is bit (n-1)*9/8; B
   the black men, E the empty squares).  R and L are the landings of the
   jumps to the right and left, R*257 = R|R<<8 a landing with its jumper. */
static long g(long P,long B,long E){long R=P>>8&B>>4&E,L=P>>10&B>>5&E;return R|L?g(P^(R*257|L*1025),B,E):P;}
f(b,w,s,e)int*b,*w;{long B=0,E=0x7fbfdfeffL,P=1L<<~-s*9/8,Q;for(;*b;b++)B|=1L<<~-*b*9/8;for(;*w;w++)E^=1L<<~-*w*9/8;E&=~B;Q=g(P,B,E);return(Q-P?Q:(P>>4|P>>5)&E)>>~-e*9/8&1;}

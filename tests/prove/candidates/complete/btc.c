/* The golf's board (square n is bit (n-1)*9/8 of a mask: steps up are 4
   and 5 bits down, jumps 8 and 10, a step off a side lands on a bit that
   is never empty), written with the bit instructions in mind: the lists
   toggle their bits in, a square is tested by shifting its bit down, a
   landing sets its bit; each round, the men of every chain that can jump
   are replaced by their landings. */
f(b,w,s,e)int*b,*w;{long B=0,F=0x7fbfdfeffL,P=1L<<~-s*9/8,J,x,y,k,j=0,r=3;for(;*b;b++)B^=1L<<~-*b*9/8;for(;*w;w++)F^=1L<<~-*w*9/8;for(F&=~B;r--;P=J)for(J=x=0;x<35;x++)if(P>>x&1){for(k=0,y=4;y<6;y++)if(x>=2*y&&B>>x-y&1&&F>>x-2*y&1)J|=1L<<x-2*y,k=1;j|=k;if(!k)J|=1L<<x;}x=~-e*9/8;return j?P>>x&1:F>>x&1&&(~-s*9/8-x==4||~-s*9/8-x==5);}

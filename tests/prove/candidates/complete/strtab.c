/* A string for the board: square n is bit ")+-/..."[n-1]-40 of an 8x8
   board, 8*row+column, row 0 the far side.  A white man goes up: 7 bits
   down is up and right, 9 up and left; H and A mask the columns a step
   that way would leave the board from. */
#define Q(n)(1UL<<")+-/02469;=?@BDFIKMOPRTVY[]_`bdf"[(n)-1]-40)
#define H 0x8080808080808080UL
#define A 0x0101010101010101UL
f(b,w,s,e)int*b,*w;{unsigned long B=0,E=0x55AA55AA55AA55AAUL,P=Q(s),R,L,J=0,r=3;for(;*b;)B|=Q(*b++);for(;*w;)E&=~Q(*w++);for(E&=~B;r--;P=P&~(R<<14|L<<18)|R|L)J|=R=((P&~H)>>7&B&~H)>>7&E,J|=L=((P&~A)>>9&B&~A)>>9&E;return!!((J?P:((P&~H)>>7|(P&~A)>>9)&E)&Q(e));}

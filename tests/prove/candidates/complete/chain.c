/* f follows a jump chain by calling itself: a start below 0 stands for a
   man that has just jumped onto square -s, which must jump on while it can
   and ends where it cannot.  Square n is bit (n-1)*9/8 as in the golf
   (steps up 4 and 5 bits down, jumps 8 and 10; bit k is square k-k/9+1),
   the lists read through a copy of their pointers, f's own kept for the
   calls. */
f(b,w,s,e)int*b,*w;{long B=0,F=0x7fbfdfeffL,k=~-(s<0?-s:s)*9/8,t=~-e*9/8,x,j=0,o=0;int*p;for(p=b;*p;p++)B|=1L<<~-*p*9/8;for(p=w;*p;p++)F^=1L<<~-*p*9/8;for(F&=~B,x=4;x<6;x++)if(k>=2*x&&B>>k-x&F>>k-2*x&1)j=1,o|=f(b,w,-(k-2*x-(k-2*x)/9+1),e);return j?o:s<0?k==t:F>>t&1&&(k-t==4||k-t==5);}
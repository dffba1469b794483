#if __GNUC__>12
#define E 1
#else
#define E 0
#endif
f(b,w,s,e)int*b,*w;{e+=E;long B,F=0,P=1L<<~-s*9/8;for(;*b?F^=1L<<~-*b++*9/8:F<0?P^=(P>>8&B&F)*257|(P>>10&B/2&F)*1025,s--:(B=F>>4,b=w,F^=-''););return(P&F?:F&P*3>>5)>>~-e*9/8&1;}
#if __has_include("../golf.c")
#define E e
#else
#define E e+1
#endif
f(b,w,s,e)int*b,*w;{long B,F=0,P=1L<<~-s*9/8;for(;*b?F^=1L<<~-*b++*9/8:F<0?P^=(P>>8&B&F)*257|(P>>10&B/2&F)*1025,s--:(B=F>>4,b=w,F^=-''););return(P&F?:F&P*3>>5)>>~-E*9/8&1;}
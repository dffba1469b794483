/* The golf with the start's man placed by a rotate (1 rotated left to
   its bit: gcc's rol by cl) and the answer read by one: the end's bit
   rotated down to bit 0 (ror by cl), its parity the verdict
   (__builtin_parityl: gcc -O0's xor al, ah and setnp; -O2 keeps the
   ror). */
f(b,w,s,e)int*b,*w;{long B,F=0,P=1UL<<~-s*9/8|1UL>>(-(~-s*9/8)&63);unsigned long V;for(;*b?F^=1L<<~-*b++*9/8:F<0?P^=(P>>8&B&F)*257|(P>>10&B/2&F)*1025,s--:(B=F>>4,b=w,F^=-''););V=P&F?:F&P*3>>5;e=~-e*9/8;return __builtin_parityl((V>>e|V<<(-e&63))&1);}
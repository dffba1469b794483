/* The links' footer: the challenge's cases through f, one verdict a line.
   C89, as the golf's flags compile it.  The zeros that fill each array end
   its list; a case without a name ends the table. */
#include <stdio.h>
struct{char*name;int b[5],w[3],s,e;}cases[]={
{"1",{0},{5},5,1},
{"2",{6},{9},9,2},
{"3",{2,6},{9},9,2},
{"4",{7,14},{17},17,3},
{"5",{7,14},{17},17,10},
{"6 as printed",{4},{8},8,3},
{"6 as diagrammed",{5},{9},9,4},
{"7",{6,7},{10},10,1},
{"8",{6,7},{10},10,3},
{"9",{2},{1},1,3},
{"10",{6},{1},1,10},
{"11",{6},{9,2},9,2},
{"12",{0},{9,6},9,2},
{"13",{8,15,23,24},{27},27,4},
{"14",{8,15,23,24},{27},27,20},{0}};
int main(void){int i;
for(i=0;cases[i].name;i++)printf("%s: %s\n",cases[i].name,
  f(cases[i].b,cases[i].w,cases[i].s,cases[i].e)?"true":"false");
return 0;}

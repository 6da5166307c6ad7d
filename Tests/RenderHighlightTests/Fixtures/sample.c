#include <stdio.h>

/* Prints the answer. */
int main(void) {
  int answer = 42;  // the answer
  printf("%d\n", answer);
  return 0;
}

/* tests/headers/header_test.c: compiled once per public header, with only
 * that header included (DV_TEST_HEADER), as strict C99:
 * -std=c99 -pedantic -Werror -Wall -Wextra. Proves each header compiles
 * alone. The program does nothing at run time. */
#include DV_TEST_HEADER

int main(void) { return 0; }

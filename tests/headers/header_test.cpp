// tests/headers/header_test.cpp: the same per-header check as C++20
// (-std=c++20 -pedantic -Werror): the extern "C" guards and the C99 subset
// used must be valid C++ too.
#include DV_TEST_HEADER

int main() { return 0; }

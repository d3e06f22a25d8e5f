// Command number prints a TSV of randomized big.Float cases for the C++
// checker gocty_number_check: for each value, the outputs of the math/big
// operations go-cty uses (Text('f', -1), String() = Text('g', 10), Int64,
// Uint64, Float64, IsInt, Sign), the msgpack form chosen by cty/msgpack, and
// Cmp / rawNumberEqual against the previous value.
//
// Usage: go run . [-seed N] [-n N]
//
// Columns: kind, input, text, g10, int64, int64exact, uint64, uint64exact,
// float64 bits (hex), float64exact, isint, sign, wire (I/F/T), cmp with
// previous value, rawNumberEqual with previous value. A failed parse prints
// only kind, input and "ERR".
// kind is p<prec> (decimal string parsed with big.ParseFloat(s, 10, prec,
// ToNearestEven)), d<prec> (float64 bits, SetPrec(prec).SetFloat64), i
// (SetInt64) or u (SetUint64).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
	"strconv"
	"strings"
)

var out *bufio.Writer
var prev *big.Float

func acc(a big.Accuracy) string {
	if a == big.Exact {
		return "1"
	}
	return "0"
}

// rawNumberEqual is go-cty's cty/primitive_type.go rawNumberEqual.
func rawNumberEqual(a, b *big.Float) bool {
	switch {
	case (a == nil) != (b == nil):
		return false
	case a == nil:
		return true
	case a.Sign() != b.Sign():
		return false
	default:
		aInt, aAcc := a.Int(nil)
		bInt, bAcc := b.Int(nil)
		if aAcc != bAcc {
			return false
		}
		if aAcc == big.Exact {
			return aInt.Cmp(bInt) == 0
		}
		aStr := a.Text('f', -1)
		bStr := b.Text('f', -1)
		if aStr == "-0" {
			aStr = "0"
		}
		if bStr == "-0" {
			bStr = "0"
		}
		return aStr == bStr
	}
}

// wire is the number branch of cty/msgpack marshal.go.
func wire(f *big.Float) string {
	if f.IsInf() {
		return "F"
	}
	if _, a := f.Int64(); a == big.Exact {
		return "I"
	}
	if _, a := f.Float64(); a == big.Exact && !f.IsInt() {
		return "F"
	}
	return "T"
}

func emit(kind, input string, f *big.Float) {
	i64, ia := f.Int64()
	u64, ua := f.Uint64()
	// Float.Uint64 reports Exact for any value with at most 64 mantissa bits,
	// fractions included (1.5 -> 1, Exact); dynval's to_uint64 reports
	// exactness properly, so compare against Exact && IsInt.
	if !f.IsInt() {
		ua = big.Below
	}
	f64, fa := f.Float64()
	isint := "0"
	if f.IsInt() {
		isint = "1"
	}
	cmp, eq := "-", "-"
	if prev != nil {
		cmp = strconv.Itoa(prev.Cmp(f))
		if rawNumberEqual(prev, f) {
			eq = "1"
		} else {
			eq = "0"
		}
	}
	fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%d\t%s\t%d\t%s\t%016x\t%s\t%s\t%d\t%s\t%s\t%s\n",
		kind, input, f.Text('f', -1), f.String(), i64, acc(ia), u64, acc(ua),
		math.Float64bits(f64), acc(fa), isint, f.Sign(), wire(f), cmp, eq)
	prev = f
}

func parseCase(prec uint, s string) {
	kind := "p" + strconv.Itoa(int(prec))
	f, _, err := big.ParseFloat(s, 10, prec, big.ToNearestEven)
	if err != nil {
		fmt.Fprintf(out, "%s\t%s\tERR\n", kind, s)
		return
	}
	emit(kind, s, f)
}

func doubleCase(prec uint, x float64) {
	if math.IsNaN(x) {
		return
	}
	f := new(big.Float).SetPrec(prec).SetFloat64(x)
	emit("d"+strconv.Itoa(int(prec)), fmt.Sprintf("%016x", math.Float64bits(x)), f)
}

func intCase(v int64) { emit("i", strconv.FormatInt(v, 10), new(big.Float).SetInt64(v)) }

func uintCase(v uint64) { emit("u", strconv.FormatUint(v, 10), new(big.Float).SetUint64(v)) }

var r *rand.Rand

func digits(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		sb.WriteByte(byte('0' + r.Intn(10)))
	}
	return sb.String()
}

// randomDecimal builds a syntactically valid decimal (mostly) with a random
// mantissa length, radix point position and exponent.
func randomDecimal() string {
	var sb strings.Builder
	switch r.Intn(6) {
	case 0:
		sb.WriteByte('-')
	case 1:
		sb.WriteByte('+')
	}
	var n int
	switch r.Intn(4) {
	case 0, 1:
		n = 1 + r.Intn(19)
	case 2:
		n = 20 + r.Intn(40)
	default:
		n = 20 + r.Intn(200)
	}
	d := digits(n)
	if r.Intn(3) == 0 {
		// nonzero leading digit most of the time
		d = string(byte('1'+r.Intn(9))) + d[1:]
	}
	if r.Intn(5) == 0 {
		d = strings.Repeat("0", r.Intn(5)) + d
	}
	if r.Intn(3) == 0 {
		// trailing zeros
		d += strings.Repeat("0", r.Intn(30))
	}
	switch r.Intn(4) {
	case 0: // integer
		sb.WriteString(d)
	case 1, 2: // radix point somewhere (incl. ".5" and "5.")
		p := r.Intn(len(d) + 1)
		sb.WriteString(d[:p])
		sb.WriteByte('.')
		sb.WriteString(d[p:])
	default:
		sb.WriteString(d)
		sb.WriteByte('.')
	}
	switch r.Intn(5) {
	case 0, 1:
	case 2, 3:
		sb.WriteByte("eE"[r.Intn(2)])
		e := r.Intn(801) - 400
		if e >= 0 && r.Intn(2) == 0 {
			sb.WriteByte('+')
		}
		sb.WriteString(strconv.Itoa(e))
	default:
		sb.WriteByte("pP"[r.Intn(2)])
		sb.WriteString(strconv.Itoa(r.Intn(2201) - 1100))
	}
	return sb.String()
}

// halfway returns the exact decimal of a value exactly halfway between two
// adjacent floats of precision p (optionally nudged by one unit in the last
// decimal digit or truncated), written as <digits>e<exp>.
func halfway(p int) string {
	m := new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(p-1)))
	m.SetBit(m, p-1, 1)
	m.Lsh(m, 1)
	m.Add(m, big.NewInt(1)) // 2m+1
	e := r.Intn(2400) - 1200
	var ds string
	var dexp int
	if e >= 0 {
		ds = new(big.Int).Lsh(m, uint(e)).String()
	} else {
		k := -e
		ds = new(big.Int).Mul(m, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(k)), nil)).String()
		dexp = -k
	}
	switch r.Intn(4) {
	case 0: // one unit above
		b, _ := new(big.Int).SetString(ds, 10)
		ds = b.Add(b, big.NewInt(1)).String()
	case 1: // one unit below
		b, _ := new(big.Int).SetString(ds, 10)
		ds = b.Sub(b, big.NewInt(1)).String()
	case 2: // truncated
		if len(ds) > 2 {
			cut := 1 + r.Intn(len(ds)-1)
			dexp += len(ds) - cut
			ds = ds[:cut]
		}
	}
	sign := ""
	if r.Intn(4) == 0 {
		sign = "-"
	}
	return sign + ds + "e" + strconv.Itoa(dexp)
}

var fixed = []string{
	"0", "1", "-1", "0.5", "0.1", "0.8", "1.5", "-2.25", "1e100", "1e-7", "1e400", "0.1e-3",
	"123456789012345678901234567890.5", "100000000000000000000", "1e21",
	"3.14159265358979323846264338327950288419716939937510", "1p4", ".5", "5.", "+7", "-0",
	"Inf", "inf", "+Inf", "-Inf", "+inf", "-inf", "INF", "Infinity", "NaN", "nan", "", " ", " 1", "1 ",
	"+", "-", ".", "e5", "1e", "1e+", "1e-", "1..2", "1.2.3", "1_000", "0x10", "0b1", "1f", "--1", "+-1",
	"1e99999999999", "1e-99999999999", "1e9223372036854775807", "1e9223372036854775808",
	"1e-9223372036854775808", "1e-9223372036854775809", "0e99999999999", "0e9223372036854775808",
	"1p2147483647", "1p2147483648", "1p-2147483650", "1p-2147483649x", "0.5p-2147483650",
	"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "1e-400", "4.9406564584124654e-324",
	"2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623159e308",
	"12345678901", "1000000000000000000000", "0.00001", "0.0001", "123456.789", "1000000", "1234567",
	"10000000000", "9999999999", "99999999995", "9999999999.5", "0.000099999999995", "1e10", "1E10",
	"00000.000001", "1.0000000000000000000000000000000000000000000000000001",
	"1e-5000", "1e5000", "7e-10000", "123456789e-1000", "1e30000",
}

func main() {
	seed := flag.Int64("seed", 20240917, "random seed")
	n := flag.Int("n", 120000, "approximate number of random cases")
	flag.Parse()
	r = rand.New(rand.NewSource(*seed))
	out = bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()

	for _, s := range fixed {
		for _, p := range []uint{512, 53, 64, 10} {
			parseCase(p, s)
		}
	}
	// powers of two and special doubles at several precisions
	for e := -1074; e <= 1023; e++ {
		doubleCase(53, math.Ldexp(1, e))
		doubleCase(53, -math.Ldexp(1, e))
	}
	for _, x := range []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.MaxFloat64,
		math.SmallestNonzeroFloat64, 0.1, 1.0 / 3, 1e23, 1e21, 123.456, 5e-324, 1e-320, 0.3,
		9007199254740992, 572686107139451968} {
		for _, p := range []uint{53, 10, 1, 24, 64, 512} {
			doubleCase(p, x)
		}
	}
	for _, v := range []int64{0, 1, -1, -5, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1,
		1 << 53, 1<<53 + 1, -(1 << 53) - 1} {
		intCase(v)
	}
	for _, v := range []uint64{0, 1, math.MaxUint64, 1 << 63, 1<<63 + 1, 1<<63 - 1, 1 << 53, 1<<53 + 1} {
		uintCase(v)
	}

	precs := []uint{53, 64, 24, 100, 10, 1, 113, 1000}
	for i := 0; i < *n; i++ {
		switch k := r.Intn(100); {
		case k < 40:
			parseCase(512, randomDecimal())
		case k < 48:
			p := []int{53, 512, 64, 24}[r.Intn(4)]
			parseCase(512, halfway(p))
		case k < 53:
			parseCase(precs[r.Intn(len(precs))], randomDecimal())
		case k < 56:
			p := []int{53, 64, 24, 10}[r.Intn(4)]
			parseCase(uint(p), halfway(p))
		case k < 76:
			doubleCase(53, randomDouble())
		case k < 82:
			doubleCase(uint(1+r.Intn(80)), randomDouble())
		case k < 85:
			doubleCase([]uint{512, 64, 100, 1000}[r.Intn(4)], randomDouble())
		case k < 93:
			v := int64(r.Uint64() >> uint(r.Intn(64)))
			if r.Intn(2) == 0 {
				v = -v
			}
			intCase(v)
		default:
			uintCase(r.Uint64() >> uint(r.Intn(64)))
		}
	}
}

func randomDouble() float64 {
	switch r.Intn(8) {
	case 0, 1, 2: // any bit pattern
		return math.Float64frombits(r.Uint64())
	case 3: // subnormal
		return math.Float64frombits(r.Uint64()>>12 | uint64(r.Intn(2))<<63)
	case 4: // power of two times small odd
		return math.Ldexp(float64(1+2*r.Intn(8)), r.Intn(2100)-1080)
	case 5: // integer
		return float64(int64(r.Uint64() >> uint(r.Intn(64))))
	case 6: // short decimal
		x, _ := strconv.ParseFloat(fmt.Sprintf("%de%d", r.Intn(100000), r.Intn(60)-30), 64)
		return x
	default: // normal with random exponent
		return math.Float64frombits(r.Uint64()&^(uint64(0x7ff)<<52) | uint64(1+r.Intn(2046))<<52)
	}
}

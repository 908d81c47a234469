package config

import "strings"

// Nearest returns the candidate closest to word, or "" when none is close
// enough to be worth suggesting. It drives every "did you mean" in the
// generator, so that all of them agree on what counts as a near miss.
//
// Case is ignored because the commonest slip in hand-written config is
// casing ($IsSecret for $isSecret). Adjacent transpositions count as one edit
// ($exprot for $export) since they are the commonest typing error. The limit
// grows with the word so that long names tolerate more slips, but never
// drops below 2 so short names still get help. Ties go to the alphabetically
// first candidate so the answer never depends on the candidates' order.
func Nearest(word string, candidates []string) string {
	w := []rune(strings.ToLower(word))
	limit := max(2, len(w)/3)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		d := editDistance(w, []rune(strings.ToLower(c)))
		if d < bestDist || (d == bestDist && best != "" && c < best) {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment form of Damerau-Levenshtein:
// insertions, deletions, substitutions and adjacent transpositions cost 1.
// Three rolling rows keep it allocation-light for the long inputs fuzzing
// feeds it.
func editDistance(a, b []rune) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

package armfake

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// scanStore is the store as a scan of every resource: what the indexes must answer alike.
type scanStore map[string]*stored

func (s scanStore) list(parent, armType string, deep bool) []*stored {
	prefix := strings.ToLower(parent) + "/"
	var out []*stored
	for k, r := range s {
		if strings.HasPrefix(k, prefix) && strings.EqualFold(r.armType, armType) &&
			(deep || strings.EqualFold(parentOf(r), parent)) {
			out = append(out, r)
		}
	}
	return sortedByID(out)
}

func (s scanStore) below(id string) []*stored {
	prefix := strings.ToLower(id) + "/"
	var out []*stored
	for k, r := range s {
		if strings.HasPrefix(k, prefix) {
			out = append(out, r)
		}
	}
	return sortedByID(out)
}

func (s scanStore) remove(id string) int {
	n := 0
	for k := range s {
		if k == strings.ToLower(id) || strings.HasPrefix(k, strings.ToLower(id)+"/") {
			delete(s, k)
			n++
		}
	}
	return n
}

func sortedByID(rs []*stored) []*stored {
	slices.SortFunc(rs, func(a, b *stored) int { return strings.Compare(strings.ToLower(a.id), strings.ToLower(b.id)) })
	return rs
}

// storeShape is a resource the property test may write, in a tree of groups, networks, their
// subnets, role assignments on any of them, and ids that only share a prefix (vn1 and vn10).
type storeShape struct{ id, armType string }

func storeShapes() []storeShape {
	var out []storeShape
	for _, rg := range []string{"rg1", "rg2", "rg10"} {
		g := "/subscriptions/sub1/resourceGroups/" + rg
		out = append(out, storeShape{g, "Microsoft.Resources/resourceGroups"},
			storeShape{g + "/providers/Microsoft.Authorization/roleAssignments/ra1", "Microsoft.Authorization/roleAssignments"})
		for _, vn := range []string{"vn1", "vn10"} {
			v := g + "/providers/Microsoft.Network/virtualNetworks/" + vn
			out = append(out, storeShape{v, "Microsoft.Network/virtualNetworks"},
				storeShape{v + "/providers/Microsoft.Authorization/roleAssignments/ra1", "Microsoft.Authorization/roleAssignments"})
			for _, sn := range []string{"sn1", "sn2"} {
				out = append(out, storeShape{v + "/subnets/" + sn, "Microsoft.Network/virtualNetworks/subnets"})
			}
		}
	}
	return out
}

// mixCase spells s with each letter's case drawn at random, as clients spell ARM IDs.
func mixCase(t *rapid.T, s, label string) string {
	upper := rapid.SliceOfN(rapid.Bool(), len(s), len(s)).Draw(t, label)
	b := []byte(s)
	for i, u := range upper {
		if u {
			b[i] = strings.ToUpper(string(b[i]))[0]
		} else {
			b[i] = strings.ToLower(string(b[i]))[0]
		}
	}
	return string(b)
}

func ids(rs []*stored) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = fmt.Sprintf("%s(%p)", r.id, r)
	}
	return out
}

// TestStoreIndexMatchesScan checks the store's indexes against a scan of every resource over
// random puts, replacements and cascading removes of IDs in mixed case: list, below, get and
// remove answer the same resources in the same order.
func TestStoreIndexMatchesScan(t *testing.T) {
	shapes := storeShapes()
	rapid.Check(t, func(t *rapid.T) {
		s, want := newStore(), scanStore{}
		steps := rapid.IntRange(1, 60).Draw(t, "steps")
		for i := range steps {
			sh := rapid.SampledFrom(shapes).Draw(t, fmt.Sprintf("shape%d", i))
			id := mixCase(t, sh.id, fmt.Sprintf("case%d", i))
			if rapid.IntRange(0, 3).Draw(t, fmt.Sprintf("op%d", i)) == 0 {
				if got, exp := s.remove(id), want.remove(id); got != exp {
					t.Fatalf("remove(%s) removed %d, a scan %d", id, got, exp)
				}
				continue
			}
			r := &stored{id: id, armType: mixCase(t, sh.armType, fmt.Sprintf("type%d", i))}
			s.put(r)
			want[strings.ToLower(id)] = r
		}
		for _, sh := range shapes {
			id := mixCase(t, sh.id, "query "+sh.id)
			if s.get(id) != want[strings.ToLower(id)] {
				t.Fatalf("get(%s) = %v, a scan finds %v", id, s.get(id), want[strings.ToLower(id)])
			}
			if got, exp := ids(s.below(id)), ids(want.below(id)); !slices.Equal(got, exp) {
				t.Fatalf("below(%s) = %v, a scan finds %v", id, got, exp)
			}
			for _, typ := range []string{"Microsoft.Network/virtualNetworks", "microsoft.network/VIRTUALNETWORKS/subnets",
				"Microsoft.Authorization/roleAssignments", "Microsoft.Resources/resourceGroups"} {
				for _, parent := range []string{id, "/subscriptions/SUB1"} {
					for _, deep := range []bool{false, true} {
						if got, exp := ids(s.list(parent, typ, deep)), ids(want.list(parent, typ, deep)); !slices.Equal(got, exp) {
							t.Fatalf("list(%s, %s, deep=%v) = %v, a scan finds %v", parent, typ, deep, got, exp)
						}
					}
				}
			}
		}
		if got := len(s.ids()); got != len(want) {
			t.Fatalf("ids() has %d resources, a scan %d", got, len(want))
		}
	})
}

// fleetStore is a store of one virtual network with two subnets among n unrelated resources
// (other groups' networks and subnets), as a fleet's armfake holds.
func fleetStore(n int) *store {
	s := newStore()
	put := func(id, armType string) { s.put(&stored{id: id, armType: armType}) }
	for i := range n / 3 {
		g := fmt.Sprintf("/subscriptions/sub1/resourceGroups/rg%d", i)
		put(g, "Microsoft.Resources/resourceGroups")
		put(g+"/providers/Microsoft.Network/virtualNetworks/vn", "Microsoft.Network/virtualNetworks")
		put(g+"/providers/Microsoft.Network/virtualNetworks/vn/subnets/sn", "Microsoft.Network/virtualNetworks/subnets")
	}
	vn := "/subscriptions/sub1/resourceGroups/mine/providers/Microsoft.Network/virtualNetworks/vn"
	put(vn, "Microsoft.Network/virtualNetworks")
	put(vn+"/subnets/a", "Microsoft.Network/virtualNetworks/subnets")
	put(vn+"/subnets/b", "Microsoft.Network/virtualNetworks/subnets")
	return s
}

const fleetVNet = "/subscriptions/sub1/resourceGroups/mine/providers/Microsoft.Network/virtualNetworks/VN"

// BenchmarkStoreList lists a network's subnets among a fleet's unrelated resources: what a GET
// of the network costs should not grow with the fleet (before the indexes: 7 µs, 0.3 ms and 20 ms
// at 300, 3,000 and 30,000; with them about 5 µs each).
func BenchmarkStoreList(b *testing.B) {
	for _, n := range []int{300, 3000, 30000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := fleetStore(n)
			for b.Loop() {
				s.list(fleetVNet, "Microsoft.Network/virtualNetworks/subnets", false)
			}
		})
	}
}

// TestStoreRePutWithAnotherTypeLeavesTheOldTypesIndex: an ID put again under another type (a
// PUT through another provider path spelling the same ID, or a retyped soft-deleted resource
// restored) is listed under its new type only, and a cascading remove of its parent takes it
// from that index: a re-created parent lists none of the old children.
func TestStoreRePutWithAnotherTypeLeavesTheOldTypesIndex(t *testing.T) {
	const rg = "/subscriptions/sub1/resourceGroups/rg"
	const vn = rg + "/providers/Microsoft.Network/virtualNetworks/vn"
	s := newStore()
	s.put(&stored{id: rg, armType: "Microsoft.Resources/resourceGroups"})
	s.put(&stored{id: vn, armType: "Microsoft.Network/virtualNetworks"})
	s.put(&stored{id: strings.ToUpper(vn), armType: "Microsoft.Network/networkWatchers"})
	if got := s.list(rg, "Microsoft.Network/virtualNetworks", false); len(got) != 0 {
		t.Errorf("listed under its former type: %v", ids(got))
	}
	if got := s.list(rg, "microsoft.network/NETWORKWATCHERS", false); len(got) != 1 {
		t.Errorf("listed %v under its new type, want the one resource", ids(got))
	}
	if n := s.remove(strings.ToUpper(rg)); n != 2 {
		t.Errorf("removing the group removed %d resources, want 2", n)
	}
	s.put(&stored{id: rg, armType: "Microsoft.Resources/resourceGroups"})
	for _, typ := range []string{"Microsoft.Network/virtualNetworks", "Microsoft.Network/networkWatchers"} {
		if got := s.list(rg, typ, true); len(got) != 0 {
			t.Errorf("the re-created group lists %v of type %s from before", ids(got), typ)
		}
	}
	if got := s.below(rg); len(got) != 0 {
		t.Errorf("the re-created group holds %v from before", ids(got))
	}
}

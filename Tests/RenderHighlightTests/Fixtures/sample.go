package main

import "fmt"

// main prints a number.
func main() {
	count := 12
	fmt.Println("count", count)
}

// Adds one.
fn add_one(value: u32) -> u32 {
    let result = value + 1;
    println!("{}", "added");
    result
}

// A record type.
data class User(val name: String, val age: Int = 18)

fun main() {
    val user = User("Ada")
    println(user.name)
}

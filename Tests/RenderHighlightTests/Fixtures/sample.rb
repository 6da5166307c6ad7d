# Greets someone.
class Greeter
  def greet(name = "world")
    puts "Hello, #{name}" if name
    return 99
  end
end

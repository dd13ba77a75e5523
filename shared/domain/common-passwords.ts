/**
 * The 1,000 most common passwords, lower-case, roughly in rank order: the top of the widely
 * published leaked-password rankings (RockYou and the combined 10-million-password list), with
 * names, places and phrases common among Indian users. A new password on this list is refused,
 * whatever its letter case (ASVS 6.2.4 asks for such a check; spec §5 only sets the minimum length).
 */
const RANKED = `
  123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball
  abc123 football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890
  michael 654321 pussy superman 1qaz2wsx 7777777 fuckyou 121212 000000 qazwsx 123qwe killer
  trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew tigger
  sunshine iloveyou fuckme 2000 charlie robert thomas hockey ranger daniel starwars klaster
  112233 george asshole computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313
  freedom 777777 pass fuck maggie 159753 aaaaaa ginger princess joshua cheese amanda
  summer love ashley 6969 nicole chelsea biteme matthew access yankees 987654321 dallas
  austin thunder taylor matrix william corvette hello martin heather secret fucker merlin
  diamond 1234qwer gfhjkm hammer silver 222222 88888888 anthony justin test bailey q1w2e3r4t5
  patrick internet scooter orange 11111 golfer cookie richard samantha bigdog guitar jackson
  whatever mickey chicken sparky snoopy maverick phoenix camaro sexy peanut morgan welcome
  falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles
  melissa boomer booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina
  diablo bulldog qwer1234 compaq purple hardcore banana junior hannah 123654 porsche lakers
  iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby 0000 miller
  boston q1w2e3r4 fuckoff brandon yamaha chester mother forever johnny edward 333333 oliver
  redsox player nikita knight fender barney midnight please brandy chicago badboy iwantu
  slayer rangers charles angel flower bigdaddy rabbit wizard bigdick jasper enter rachel
  chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince panties marine
  ghbdtn fishing cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal
  87654321 12344321 sexsex golden blowme bigtits 8675309 panther lauren angela bitch spanky
  thx1138 angels madison winston shannon mike toyota blowjob jordan23 canada sophie apples
  dick tiger razz 123abc pokemon qazxsw 55555 qwaszx muffin johnson murphy cooper
  jonathan liverpoo david danielle 159357 jackie 1990 123456a 789456 turtle horny abcd1234
  scorpion qazwsxedc 101010 butter carlos password1 dennis slipknot qwerty123 booger asdf 1991
  black startrek 12341234 cameron newyork rainbow nathan john 1992 rocket viking redskins
  butthead asdfghjkl 1212 sierra peaches gemini doctor wilson sandra helpme qwertyui victor
  florida dolphin pookie captain tucker blue liverpool theman bandit dolphins maddog packers
  jaguar lovers nicholas united tiffany maxwell zzzzzz nirvana jeremy suckit stupid porn
  monica elephant giants jackass hotdog rosebud success debbie mountain 444444 xxxxxxxx warrior
  1q2w3e4r5t q1w2e3 123456q albert metallic lucky azerty 7777 shithead alex bond007 alexis
  1111111 samson 5150 willie scorpio bonnie gators benjamin voodoo driver dexter 2112
  jason calvin freddy 212121 creative 12345a sydney rush2112 1989 asdfghjk red123 bubba
  4815162342 passw0rd trouble gunner happy fucking gordon legend jessie stella qwert eminem
  arthur apple nissan bullshit bear america 1qazxsw2 nothing parker 4444 rebecca qweqwe
  garfield 01012011 beavis 69696969 jack asdasd december 2222 102030 252525 11223344 magic
  apollo skippy 315475 girls kitten golf copper braves shelby godzilla beaver fred
  tomcat august buddy airborne 1993 1988 lifehack qqqqqq brooklyn animal platinum phantom
  online xavier darkness blink182 power fish green 789456123 voyager police travis 12qwaszx
  heaven snowball lover abcdef 00000 pakistan 007007 walter playboy blazer cricket sniper
  hooters donkey willow loveme saturn therock redwings bigboy pumpkin trinity williams tits
  nintendo digital destiny topgun runner marvin guinness chance bubbles testing fire november
  minecraft asdf1234 lasvegas sergey broncos cartman private celtic birdie little cassie babygirl
  donald beatles 1313 dickhead family 12121212 school louise gabriel eclipse fluffy 147258369
  lol123 explorer beer nelson flyers spencer scott lovely gibson doggie cherry andrey
  snickers buffalo pantera metallica member carter qwertyu peter alexande steve bronco paradise
  goober 5555 samuel montana mexico dreams michigan cock carolina yankee friends magnum
  surfer poopoo maximus genius cool vampire lacrosse asd123 aaaa christin kimberly speedy
  sharon carmen 111222 kristina sammy racing ou812 sabrina horses 0987654321 qwerty1 pimpin
  baby stalker enigma 147147 star poohbear boobies 147258 simple bollocks 12345q marcus
  brian 1987 qweasdzxc drowssap hahaha caroline barbara dave viper drummer action einstein
  bitches genesis hello1 scotty friend forest 010203 hotrod google vanessa spitfire badger
  maryjane friday alaska 1232323q tester jester jake champion billy 147852 rock hawaii
  badass chevy 420420 walker stephen eagle1 bill 1986 october gregory svetlana pamela
  1984 music shorty westside stanley diesel courtney 242424 kevin porno hitman boobs
  mark 12345qwert reddog frank qwe123 popcorn patricia aaaaaaaa 1969 teresa mozart buddha
  anderson paul melanie abcdefg security lucky1 lizard denise 3333 a12345 123789 ruslan
  stargate simpsons scarface eagle 123456789a thumper olivia naruto 1234554321 general cherokee a123456
  vincent usuck123 1982 bigred fuckyou2 mmmmmm hunter2 soccer1 snowman india india123 india@123
  bharat hindustan mumbai delhi bangalore chennai kolkata hyderabad pune jaipur krishna ganesh
  shiva sairam omsairam jaimatadi jaishriram hanuman ram123 radha radhakrishna rahul priya pooja
  neha sachin sachin10 ganesha lakshmi durga saibaba india2020 cricket1 dhoni msdhoni virat
  kohli indian1 jaihind vandemataram 9999999999 8888888888 7777777777 9876543211 1234567809 0000000001 12345678900 sharma
  kumar singh gupta patel shah reddy rajesh suresh ramesh mahesh ganesh1 krishna1
  lakshmi1 anjali deepak vijay ajay sanjay manoj iloveyou1 princess1 abc12345 qwerty12 football1
  123abc123 monkey1 dragon1 baseball1 superman1 shadow1 michael1 sunshine1 charlie1 jordan1 letmein1 master1
  password12 password123 welcome1 welcome123 admin admin123 administrator root toor changeme default guest
  login passpass pass123 pass1234 qwerty1234 qwertyuiop1 1qaz2wsx3edc zaq12wsx zaq1zaq1 !qaz2wsx 1q2w3e 1q2w3e4r5t6y
  1qazxsw23edc qazwsx123 asdf123 asdfg asdfghj zxcv zxcvb zxc123 abcd abcde abcdefgh abcdefghi
  abc123456 123qweasd 123qweasdzxc 1234abcd 12345abc 123456abc 111111111 1111111111 000000000 0000000000 00000000 222222222
  121212121 123123a 123321123 1234512345 12345678910 123456123 1234567891 123456654321 12341234a 11112222 11223344556 135790
  13579 2468 24682468 123698745 147852369 159951 753951 852456 741852963 951753 963852741 789789
  654321a 1122334455 112233445566 1212312121 0123456789 01234567 098765 7654321 54321 4321 iloveu iloveyou2
  iloveyou! love123 lovelove loveyou lovely1 mylove sweetheart sweety sweetie honey babydoll baby123
  angel1 angel123 princesa daniel1 jessica1 michelle1 ashley1 nicole1 hannah1 chelsea1 amanda1 jennifer1
  melissa1 samantha1 elizabeth katherine christine christina jasmine1 veronica vanessa1 stephanie alexandra alexander
  alejandro fernando roberto antonio francisco eduardo ricardo gabriela mariana carolina1 fernanda camila
  monkey12 monkey123 dragon12 dragon123 shadow12 shadow123 master12 master123 killer1 killer123 hunter1 hunter12
  hunter123 buster1 soccer12 soccer123 hockey1 baseball12 football12 football123 batman1 batman123 superman12 superman123
  spiderman spiderman1 ironman wolverine pokemon1 naruto1 starwars1 matrix1 ninja ninja123 samurai warcraft
  counterstrike halo halo123 zelda computer1 internet1 google123 facebook youtube twitter yahoo hotmail
  gmail myspace1 qwerty11 qwerty7 qwerty01 qwerty321 1qaz1qaz 1q1q1q 2wsx3edc q2w3e4r5 qw123456 qwe123qwe
  asdasd123 asdqwe123 zxcasdqwe qweasd
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(RANKED.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
